import { describe, expect, it } from 'vitest';
import {
  adminTrustLabel,
  clampScore,
  isValidScore,
  isVerifiedScore,
  signalWidthPercent,
  STATUS_GUIDE,
  trustStatus,
} from '../../../core/status';

describe('trust status bands (one scale everywhere)', () => {
  it.each([
    [0, 'Incomplete', 'incomplete', 'red'],
    [61, 'Incomplete', 'incomplete', 'red'],
    [62, 'Verified', 'verified', 'green'],
    [64, 'Verified', 'verified', 'green'],
    [65, 'Documented', 'documented', 'amber'],
    [74, 'Documented', 'documented', 'amber'],
    [75, 'Traceable', 'traceable', 'blue'],
    [84, 'Traceable', 'traceable', 'blue'],
    [85, 'Provenance Strong', 'provenance-strong', 'emerald'],
    [100, 'Provenance Strong', 'provenance-strong', 'emerald'],
  ])('score %i is shown as %s (%s, %s)', (score, label, band, colour) => {
    const status = trustStatus(score);
    expect(status.label).toBe(label);
    expect(status.band).toBe(band);
    expect(status.colour).toBe(colour);
  });

  it('explains the spec meanings of the strongest, the minimum and the incomplete bands', () => {
    expect(trustStatus(90).meaning).toBe('Full submission with 7-10 verification resources.');
    expect(trustStatus(62).meaning).toBe('Minimum threshold: image, prompt and at least 1 verification resource.');
    expect(trustStatus(10).meaning).toBe('Limited visibility in public searches.');
  });

  it('gives every band a hex colour for server-drawn badges', () => {
    for (const score of [0, 62, 65, 75, 85]) expect(trustStatus(score).hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('shows out-of-range or broken scores on the 0-100 scale', () => {
    expect(trustStatus(-5).label).toBe('Incomplete');
    expect(trustStatus(250).label).toBe('Provenance Strong');
    expect(trustStatus(Number.NaN).label).toBe('Incomplete');
    expect(trustStatus('88').label).toBe('Provenance Strong');
    expect(trustStatus(null).label).toBe('Incomplete');
  });
});

describe('clampScore and isValidScore', () => {
  it('rounds and clamps to integers 0-100', () => {
    expect(clampScore(61.6)).toBe(62);
    expect(clampScore(-1)).toBe(0);
    expect(clampScore(101)).toBe(100);
    expect(clampScore(Number.POSITIVE_INFINITY)).toBe(0);
    expect(clampScore(undefined)).toBe(0);
  });

  it('accepts only integers from 0 to 100 as storable scores', () => {
    expect(isValidScore(0)).toBe(true);
    expect(isValidScore(100)).toBe(true);
    expect(isValidScore(70.5)).toBe(false);
    expect(isValidScore(101)).toBe(false);
    expect(isValidScore(-1)).toBe(false);
    expect(isValidScore('70')).toBe(false);
  });
});

describe('signal strength bar', () => {
  it('is as wide as the score, but never narrower than 5 percent', () => {
    expect(signalWidthPercent(0)).toBe(5);
    expect(signalWidthPercent(4)).toBe(5);
    expect(signalWidthPercent(5)).toBe(5);
    expect(signalWidthPercent(73)).toBe(73);
    expect(signalWidthPercent(130)).toBe(100);
  });
});

describe('verified threshold 62', () => {
  it("labels admin rows 'Verified' from 62 and 'Review Needed' below", () => {
    expect(adminTrustLabel(61)).toBe('Review Needed');
    expect(adminTrustLabel(62)).toBe('Verified');
    expect(adminTrustLabel(100)).toBe('Verified');
  });

  it('counts 62 and above as verified (home featured, deleted-page badge)', () => {
    expect(isVerifiedScore(61)).toBe(false);
    expect(isVerifiedScore(62)).toBe(true);
  });
});

describe('Verification Status Guide', () => {
  it('explains the four listed statuses, strongest first, with their score ranges', () => {
    expect(STATUS_GUIDE.map((g) => [g.label, g.range])).toEqual([
      ['Provenance Strong', '85-100'],
      ['Traceable', '75-84'],
      ['Documented', '65-74'],
      ['Verified', '62-64'],
    ]);
    expect(STATUS_GUIDE.every((g) => g.meaning.length > 0)).toBe(true);
  });
});
