// Verification logic's metadata check: embedded generator and prompt against the claim.
// Base: the minimal submission, whose verification logic is 13 (new image 8 + no near copy 5).
import { describe, expect, it } from 'vitest';
import { computeTrust, type TrustEvidence } from '../../../server/submissions/trust';
import { minimalSubmission, MODERATE_PROMPT } from './evidence';

function verification(overrides: Partial<TrustEvidence>) {
  const result = computeTrust(minimalSubmission(overrides));
  return { score: result.dimensions.verification_logic.score, reasons: result.reasons, advice: result.advice };
}

describe('embedded metadata consistency', () => {
  it('confirms DALL-E 3 from a C2PA manifest made by ChatGPT (+2)', () => {
    const r = verification({ tool: 'DALL-E 3', embedded: { found: ['c2pa'], c2pa: { claimGenerator: 'ChatGPT' } } });
    expect(r.score).toBe(15);
    expect(r.reasons).toContain('Embedded metadata (C2PA manifest) confirms the claimed tool: +2');
  });

  it("confirms Adobe Firefly from the XMP CreatorTool 'Adobe Firefly' (+2)", () => {
    const r = verification({ tool: 'Adobe Firefly', embedded: { found: ['xmp'], creatorTool: 'Adobe Firefly' } });
    expect(r.reasons).toContain('Embedded metadata (XMP CreatorTool) confirms the claimed tool: +2');
  });

  it("confirms 'Stable Diffusion' from Automatic1111 parameters and a matching prompt (+4)", () => {
    const r = verification({
      tool: 'Stable Diffusion',
      embedded: { found: ['png:parameters'], aiParameters: { source: 'a1111', prompt: MODERATE_PROMPT } },
    });
    expect(r.score).toBe(17);
    expect(r.reasons).toEqual(
      expect.arrayContaining([
        'Embedded metadata (generation parameters) confirms the claimed tool: +2',
        'Embedded prompt matches the submitted prompt (100% word overlap): +2',
      ]),
    );
  });

  it("accepts ComfyUI metadata for a claimed 'Other: Flux Pro' (Flux runs inside ComfyUI)", () => {
    const r = verification({
      tool: 'Other',
      toolOther: 'Flux Pro',
      embedded: { found: ['png:prompt'], aiParameters: { source: 'comfyui' } },
    });
    expect(r.reasons).toContain('Embedded metadata (generation parameters) confirms the claimed tool: +2');
    expect(r.reasons).toContain('AI tool named (Flux Pro): +3');
  });

  it('costs 6 points when the metadata names a different generator than the claimed tool', () => {
    const r = verification({ tool: 'DALL-E 3', embedded: { found: ['exif'], software: 'Midjourney' } });
    expect(r.score).toBe(7);
    expect(r.reasons).toContain('Embedded metadata (EXIF Software tag) names Midjourney, not the claimed tool: -6');
    expect(r.advice[0]).toBe("Your image's embedded metadata names Midjourney: check the AI tool you selected.");
  });

  it('treats an image editor in the Software tag as neutral (Adobe Photoshop with Midjourney)', () => {
    const r = verification({ embedded: { found: ['exif'], software: 'Adobe Photoshop 25.0 (Windows)' } });
    expect(r.score).toBe(13);
    expect(r.reasons.filter((x) => x.startsWith('Embedded'))).toEqual([]);
  });

  it('never counts against a claimed tool the generator table does not know (Artbreeder)', () => {
    const r = verification({ tool: 'Artbreeder', embedded: { found: ['exif'], software: 'Midjourney' } });
    expect(r.score).toBe(13);
  });

  it('gives 1 point when the file declares itself AI-generated without naming the generator', () => {
    const r = verification({
      embedded: { found: ['xmp'], digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia' },
    });
    expect(r.score).toBe(14);
    expect(r.reasons).toContain('Embedded metadata declares the image AI-generated: +1');
  });

  it('costs 3 points when the file declares a camera capture', () => {
    const r = verification({ embedded: { found: ['c2pa'], c2pa: { digitalSourceType: 'digitalCapture' } } });
    expect(r.score).toBe(10);
    expect(r.reasons).toContain('Embedded metadata declares a camera capture, not AI generation: -3');
  });

  it('gives 1 point for an embedded prompt that partly matches (3 of 6 and 7 words shared: 46%)', () => {
    const r = verification({
      tool: 'Automatic1111',
      embedded: {
        found: ['png:parameters'],
        aiParameters: { source: 'a1111', prompt: 'red fox sleeping, oil painting, autumn meadow' },
      },
    });
    expect(r.reasons).toContain('Embedded prompt partly matches the submitted prompt (46% word overlap): +1');
    expect(r.score).toBe(16);
  });

  it('costs 3 points for an embedded prompt that differs from the submitted one', () => {
    const r = verification({
      tool: 'Automatic1111',
      embedded: { found: ['png:parameters'], aiParameters: { source: 'a1111', prompt: 'astronaut riding a horse on mars' } },
    });
    expect(r.reasons).toContain('Embedded prompt differs from the submitted prompt (0% word overlap): -3');
    expect(r.score).toBe(12);
    expect(r.advice).toContain(
      'The prompt embedded in your image differs from the one you submitted: submit the prompt you actually used.',
    );
  });

  it('compares a private prompt with the embedded one without quoting either in the reasons', () => {
    const result = computeTrust(
      minimalSubmission({
        promptVisibility: 'private',
        tool: 'Automatic1111',
        embedded: { found: ['png:parameters'], aiParameters: { source: 'a1111', prompt: MODERATE_PROMPT } },
      }),
    );
    expect(result.reasons).toContain('Embedded prompt matches the submitted prompt (100% word overlap): +2');
    expect(JSON.stringify(result)).not.toMatch(/fox|snowy|watercolor/);
  });

  it('asks for the original file when the metadata says nothing about the tool', () => {
    expect(verification({}).advice).toContain(
      'Upload the original file exported by your AI tool, so its embedded metadata can confirm the tool and prompt (up to +4).',
    );
  });
});
