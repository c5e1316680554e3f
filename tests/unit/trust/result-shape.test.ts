// What every result promises: readable reasons that add up, ordered advice, and purity.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeTrust, type TrustEvidence } from '../../../server/submissions/trust';
import { fullSubmission, maximalSubmission, minimalSubmission } from './evidence';

const SAMPLES: Record<string, TrustEvidence> = {
  minimal: minimalSubmission(),
  noPrompt: minimalSubmission({ prompt: null }),
  noResources: minimalSubmission({ resources: [] }),
  unproven: minimalSubmission({ resources: [{ type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: false }] }),
  private: minimalSubmission({ promptVisibility: 'private' }),
  nearDuplicate: minimalSubmission({ nearDuplicatesOfOtherArtists: [{ distance: 6 }] }),
  contradiction: minimalSubmission({ tool: 'DALL-E 3', embedded: { found: ['exif'], software: 'Midjourney v6' } }),
  ownDuplicate: minimalSubmission({ exactDuplicateOfSameArtist: true }),
  full: fullSubmission(),
  maximal: maximalSubmission(),
  stolen: maximalSubmission({ exactDuplicateOfOtherArtist: true }),
};

// A capital letter or a count, a sentence without a trailing full stop, then ': +N', ': -N' or, for a
// finding worth nothing (an unproven link, an unconfirmed co-author), ': no points'.
const REASON_FORMAT = /^[A-Z0-9][^\n]*[^.\s]: (?:[+-]\d+|no points)$/;

/** The points a formatted reason stands for. */
function pointsOf(reason: string): number {
  const value = reason.slice(reason.lastIndexOf(': ') + 2);
  return value === 'no points' ? 0 : Number(value);
}

describe('trust result', () => {
  afterEach(() => vi.useRealTimers());

  it.each(Object.entries(SAMPLES))(
    "writes every reason of the '%s' sample as '<sentence>: +N', '-N' or 'no points'",
    (_, evidence) => {
      const result = computeTrust(evidence);
      expect(result.reasons.length).toBeGreaterThan(0);
      for (const reason of result.reasons) expect(reason).toMatch(REASON_FORMAT);
      for (const dimension of Object.values(result.dimensions)) {
        for (const r of dimension.reasons) {
          expect(Number.isInteger(r.points)).toBe(true);
          const value = r.points === 0 ? 'no points' : `${r.points < 0 ? '-' : '+'}${Math.abs(r.points)}`;
          expect(result.reasons).toContain(`${r.text}: ${value}`);
        }
      }
    },
  );

  it.each(Object.entries(SAMPLES))(
    "keeps the '%s' sample's score an integer 0-100 equal to its dimensions, after any cap",
    (_, evidence) => {
      const result = computeTrust(evidence);
      const dimensions = Object.values(result.dimensions);
      expect(dimensions.map((d) => d.max)).toEqual([20, 20, 20, 20, 20]);
      for (const d of dimensions) expect(d.score).toBeGreaterThanOrEqual(0);
      const total = dimensions.reduce((sum, d) => sum + d.score, 0);
      const cap = result.reasons.find((r) => r.startsWith('Score capped at '));
      expect(result.score).toBe(cap ? Number(/^Score capped at (\d+)/.exec(cap)![1]) : total);
      expect(Number.isInteger(result.score) && result.score >= 0 && result.score <= 100).toBe(true);
    },
  );

  it('adds up each uncapped sample: the flat reasons sum to the score when no dimension hits a bound', () => {
    for (const key of ['minimal', 'unproven', 'private', 'full', 'maximal', 'ownDuplicate'] as const) {
      const result = computeTrust(SAMPLES[key]);
      const sum = result.reasons.reduce((total, r) => total + pointsOf(r), 0);
      expect(sum, key).toBe(result.score);
    }
  });

  it('lists the advice for a work without a prompt, biggest gain first', () => {
    expect(computeTrust(SAMPLES.noPrompt).advice).toEqual([
      'Add the prompt you used: without a prompt a work stays below Verified (62).',
      'Add and prove more verification resources, such as posts of this work or other profiles: 7 or more give full credit (up to +6).',
      'Claim your artist name: confirm your e-mail address and prove one link with rel="me"; then your other works under it count (+5).',
      'Upload the original file exported by your AI tool, so its embedded metadata can confirm the tool and prompt (up to +4).',
      'Verify your e-mail address with the link we sent you (+3).',
      'Tell the story or context of the work (+2).',
      'Prove resources on at least 3 different websites (+1).',
      'Add and prove a portfolio or an external link about this work (+1).',
    ]);
  });

  it('puts the missing resource first in the advice when there is none', () => {
    expect(computeTrust(SAMPLES.noResources).advice[0]).toBe(
      'Add at least one verification resource, such as a link to your artist profile, and prove it: without one a work stays below Verified (62).',
    );
  });

  it('suggests the missing prompt categories for a moderately specific prompt', () => {
    expect(computeTrust(SAMPLES.minimal).advice).toContain(
      'Make the prompt more specific, for example by describing its lighting, composition or camera, mood and technical parameters (up to +1).',
    );
  });

  it('gives an own earlier upload of the same image 4 instead of 8 for the image hash', () => {
    const result = computeTrust(SAMPLES.ownDuplicate);
    // The minimal sample's 63 with 4 instead of 8 for the image.
    expect(result.score).toBe(59);
    expect(result.reasons).toContain('Same image registered earlier by this artist: +4');
  });

  it('gives the same result whatever the clock says, and leaves the evidence untouched', () => {
    const evidence = fullSubmission();
    const copy = structuredClone(evidence);
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    const first = computeTrust(evidence);
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    const second = computeTrust(evidence);
    expect(second).toEqual(first);
    expect(evidence).toEqual(copy);
  });
});

describe('advice', () => {
  it('never offers advice worth nothing, e.g. no "(+0)" for a vague private prompt', () => {
    const result = computeTrust({ ...minimalSubmission(), prompt: 'a cat', promptVisibility: 'private' });
    expect(result.advice.filter((a) => /\+0\b/.test(a))).toEqual([]);
    expect(result.advice.some((a) => a.startsWith('Make the prompt public'))).toBe(false);
  });
});
