import { describe, expect, it } from 'vitest';
import { analysePromptSpecificity } from '../../../server/submissions/trust';
import { MODERATE_PROMPT, SPECIFIC_PROMPT } from './evidence';

describe('prompt specificity analysis', () => {
  it("reports level 'none' and score 0 without a prompt, for null, blank and 'No prompt provided'", () => {
    const none = {
      score: 0,
      level: 'none',
      details: { characters: 0, distinctContentWords: 0, categories: [], parameters: [] },
    };
    expect(analysePromptSpecificity(null)).toEqual(none);
    expect(analysePromptSpecificity('  ')).toEqual(none);
    expect(analysePromptSpecificity('No prompt provided')).toEqual(none);
  });

  it("rates 'a cat' vague at 10: one content word, subject only", () => {
    expect(analysePromptSpecificity('a cat')).toEqual({
      score: 10,
      level: 'vague',
      details: { characters: 5, distinctContentWords: 1, categories: ['subject'], parameters: [] },
    });
  });

  it("rates 'cyberpunk city' vague at 20: subject and style, two words", () => {
    const result = analysePromptSpecificity('cyberpunk city');
    expect(result.score).toBe(20);
    expect(result.level).toBe('vague');
    expect(result.details.categories).toEqual(['subject', 'style_medium']);
  });

  it('rates a subject with medium and colour moderate at 36', () => {
    expect(analysePromptSpecificity(MODERATE_PROMPT)).toEqual({
      score: 36,
      level: 'moderate',
      details: { characters: 48, distinctContentWords: 6, categories: ['subject', 'style_medium', 'colour'], parameters: [] },
    });
  });

  it('rates a prompt covering all seven categories specific at 90', () => {
    expect(analysePromptSpecificity(SPECIFIC_PROMPT)).toEqual({
      score: 90,
      level: 'specific',
      details: {
        characters: 124,
        distinctContentWords: 15,
        categories: ['subject', 'style_medium', 'lighting', 'composition_camera', 'colour', 'mood', 'technical'],
        parameters: ['--ar'],
      },
    });
  });

  it('lists Automatic1111 settings by name only, never their values', () => {
    const result = analysePromptSpecificity(
      'masterpiece, best quality, 1girl, (blue hair:1.2), city street, night, neon lights, Steps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234',
    );
    expect(result.details.parameters).toEqual(['steps', 'sampler', 'cfg scale', 'seed']);
    expect(result.details.categories).toEqual(['subject', 'lighting', 'colour', 'technical']);
    expect(result.score).toBe(54);
    expect(result.level).toBe('moderate');
    expect(JSON.stringify(result)).not.toMatch(/1234|karras|girl/i);
  });

  it('finds Midjourney flags, LoRA tags and pixel sizes as technical parameters', () => {
    const result = analysePromptSpecificity('a lighthouse <lora:coastal_v2:0.8> 1024x768 --v 6 --stylize 250 --no boats');
    expect(result.details.parameters).toEqual(['--v', '--stylize', '--no', 'lora', 'resolution']);
    // The flag values ('boats') and tag contents are cut out before words are counted.
    expect(result.details.distinctContentWords).toBe(1);
  });

  it('gives no credit for generic quality boosters alone (score 0, vague)', () => {
    expect(analysePromptSpecificity('masterpiece, best quality, 8k, highly detailed, award winning')).toEqual({
      score: 0,
      level: 'vague',
      details: { characters: 61, distinctContentWords: 0, categories: [], parameters: [] },
    });
  });

  it('recognises camera wording written as phrases and lens figures', () => {
    const result = analysePromptSpecificity('street musician, shot on 35mm at f/1.8, rule of thirds');
    expect(result.details.categories).toContain('composition_camera');
  });

  it('caps content-word credit at 40: 30 distinct words still give 40', () => {
    const words = Array.from({ length: 30 }, (_, i) => `thing${String.fromCharCode(97 + (i % 26))}${i}`).join(' ');
    const result = analysePromptSpecificity(words);
    expect(result.details.distinctContentWords).toBe(30);
    // 40 for words + 8 for the subject + 4 for length.
    expect(result.score).toBe(52);
  });

  it('gives the same result for the same prompt every time', () => {
    expect(analysePromptSpecificity(SPECIFIC_PROMPT)).toEqual(analysePromptSpecificity(SPECIFIC_PROMPT));
  });
});
