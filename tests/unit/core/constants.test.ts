import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_IMAGE_MIME_TYPES,
  BADGE_SIZES,
  CARD_LIMITS,
  FAST_SUBMIT,
  LIMITS,
  MAX_IMAGE_BYTES,
  PAGE_SIZES,
  PUBLIC_API,
  REMOVAL_VETTING_TEXT,
  TRUST_THRESHOLDS,
  verificationMethodLabel,
} from '../../../core/constants';

describe('business constants of docs/product.md §9', () => {
  it('uses the ledger thresholds 62, 65, 75 and 85', () => {
    expect(Object.values(TRUST_THRESHOLDS)).toEqual([62, 65, 75, 85]);
  });

  it('pages the ledger and artist pages by 12, admin by 25 and the audit log by 50', () => {
    expect(PAGE_SIZES).toEqual({ ledger: 12, artist: 12, admin: 25, audit: 50 });
  });

  it('limits text fields to the spec lengths', () => {
    expect([LIMITS.title, LIMITS.prompt, LIMITS.story, LIMITS.email, LIMITS.fullName, LIMITS.artistName]).toEqual([
      200, 5000, 2000, 100, 100, 100,
    ]);
  });

  it('accepts JPG, PNG and WebP images of up to 10 MB', () => {
    expect(MAX_IMAGE_BYTES).toBe(10_485_760);
    expect(ACCEPTED_IMAGE_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  });

  it('sizes badges 800x300 and 400x150 and shows 2 usage types and 3 tags per card', () => {
    expect(BADGE_SIZES.large).toEqual({ width: 800, height: 300 });
    expect(BADGE_SIZES.small).toEqual({ width: 400, height: 150 });
    expect(CARD_LIMITS).toEqual({ usageTypes: 2, tags: 3 });
  });

  it('describes the public API limits', () => {
    expect(PUBLIC_API).toMatchObject({
      defaultLimit: 100,
      maxLimit: 1000,
      rateLimitPerHour: 1000,
      cacheSeconds: 300,
      apiVersion: '1.0',
      formats: ['json', 'jsonl', 'csv', 'xml', 'rss'],
    });
  });

  it('states removal vetting as 48-72 hours everywhere', () => {
    expect(REMOVAL_VETTING_TEXT).toBe('48-72 hours');
  });

  it("fixes the fast-submit values and shows fast_submit as 'Registered via Fast Submit'", () => {
    // Tags and platform are the artist's choice now (decision 0021, tags-platform.test.ts).
    expect(FAST_SUBMIT).toEqual({
      usageType: ['Personal Project'],
      verificationMethod: 'fast_submit',
    });
    expect(verificationMethodLabel('fast_submit')).toBe('Registered via Fast Submit');
    expect(verificationMethodLabel('manual')).toBe('manual');
  });
});
