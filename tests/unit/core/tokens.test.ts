import { describe, expect, it } from 'vitest';
import { publicSemanticTokens, semanticTokens } from '../../../core/tokens';

describe('semantic tokens from a prompt', () => {
  it('lower-cases words, removes punctuation and drops words of 2 or fewer letters', () => {
    expect(semanticTokens('A Cat, on the MOON! In 4K.')).toEqual(['cat', 'the', 'moon']);
  });

  it('keeps each word once, in order of first appearance', () => {
    expect(semanticTokens('Neon city, neon rain, city lights')).toEqual(['neon', 'city', 'rain', 'lights']);
  });

  it('joins words across apostrophes and splits them at other punctuation', () => {
    expect(semanticTokens("The artist's sunset,ocean cyberpunk/noir")).toEqual([
      'the',
      'artists',
      'sunset',
      'ocean',
      'cyberpunk',
      'noir',
    ]);
  });

  it('keeps accented letters', () => {
    expect(semanticTokens('Café crème brûlée')).toEqual(['café', 'crème', 'brûlée']);
  });

  it('shows at most 12 tokens by default and 8 when asked for the export', () => {
    const prompt = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    expect(semanticTokens(prompt)).toHaveLength(12);
    expect(semanticTokens(prompt, 8)).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']);
  });

  it('gives no tokens for an empty prompt or the "No prompt provided" placeholder', () => {
    expect(semanticTokens('')).toEqual([]);
    expect(semanticTokens(null)).toEqual([]);
    expect(semanticTokens('No prompt provided')).toEqual([]);
  });
});

describe('public semantic tokens', () => {
  it('gives tokens for a public prompt and none for a private one', () => {
    expect(publicSemanticTokens('misty forest at dawn', 'public')).toEqual(['misty', 'forest', 'dawn']);
    expect(publicSemanticTokens('misty forest at dawn', 'private')).toEqual([]);
  });
});
