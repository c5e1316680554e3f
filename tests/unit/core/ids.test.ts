import { describe, expect, it } from 'vitest';
import {
  extractSubmissionIdFromUrl,
  formatRegistryId,
  isRegistryId,
  isUuid,
  normaliseSubmissionRef,
  parseRegistryId,
  proofPath,
  shortId,
} from '../../../core/ids';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

describe('UUIDs', () => {
  it('recognises the 8-4-4-4-12 hex format in any case', () => {
    expect(isUuid(UUID)).toBe(true);
    expect(isUuid(UUID.toUpperCase())).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isUuid('VW-2025-000001')).toBe(false);
    expect(isUuid(`${UUID}x`)).toBe(false);
    expect(isUuid('3f2b8c1e9a4d4e7b8c2a1d5e6f7a8b9c')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('uses the first 8 characters as the short id', () => {
    expect(shortId(UUID)).toBe('3f2b8c1e');
  });

  it('links the proof page at /verify/{id}', () => {
    expect(proofPath(UUID)).toBe(`/verify/${UUID}`);
    expect(proofPath('VW-2025-000001')).toBe('/verify/VW-2025-000001');
  });
});

describe('registry ids VW-YYYY-NNNNNN', () => {
  it('zero-pads the sequence to 6 digits', () => {
    expect(formatRegistryId(2025, 1)).toBe('VW-2025-000001');
    expect(formatRegistryId(2026, 123456)).toBe('VW-2026-123456');
  });

  it('grows past 6 digits instead of wrapping', () => {
    expect(formatRegistryId(2025, 1234567)).toBe('VW-2025-1234567');
  });

  it('refuses a sequence below 1 or a year that is not 4 digits', () => {
    expect(() => formatRegistryId(2025, 0)).toThrow(RangeError);
    expect(() => formatRegistryId(25, 1)).toThrow(RangeError);
  });

  it('parses a registry id back into year and sequence', () => {
    expect(parseRegistryId('VW-2025-000001')).toEqual({ year: 2025, seq: 1 });
    expect(parseRegistryId(' vw-2025-1234567 ')).toEqual({ year: 2025, seq: 1234567 });
  });

  it('gives null for text that is not a registry id', () => {
    expect(parseRegistryId('VW-2025-00001')).toBeNull();
    expect(parseRegistryId('VW-2025-000000')).toBeNull();
    expect(parseRegistryId('XX-2025-000001')).toBeNull();
    expect(parseRegistryId(UUID)).toBeNull();
    expect(isRegistryId('VW-2025-000001')).toBe(true);
  });

  it('normalises UUIDs to lower case and registry ids to upper case', () => {
    expect(normaliseSubmissionRef(UUID.toUpperCase())).toBe(UUID);
    expect(normaliseSubmissionRef('vw-2025-000042')).toBe('VW-2025-000042');
    expect(normaliseSubmissionRef('hello')).toBeNull();
  });
});

describe('submission id from a removal request URL', () => {
  it('takes the id after /verify/', () => {
    expect(extractSubmissionIdFromUrl(`https://example.org/verify/${UUID}`)).toBe(UUID);
  });

  it('stops at ? and #', () => {
    expect(extractSubmissionIdFromUrl(`https://example.org/verify/${UUID}?ref=share`)).toBe(UUID);
    expect(extractSubmissionIdFromUrl(`https://example.org/verify/${UUID}#citation`)).toBe(UUID);
    expect(extractSubmissionIdFromUrl(`/verify/VW-2025-000007/`)).toBe('VW-2025-000007');
  });

  it('accepts a bare UUID or registry id typed alone', () => {
    expect(extractSubmissionIdFromUrl(`  ${UUID}  `)).toBe(UUID);
    expect(extractSubmissionIdFromUrl('VW-2025-000001')).toBe('VW-2025-000001');
  });

  it('gives null when no id can be found', () => {
    expect(extractSubmissionIdFromUrl('https://example.org/ledger')).toBeNull();
    expect(extractSubmissionIdFromUrl('https://example.org/verify/')).toBeNull();
    expect(extractSubmissionIdFromUrl('https://example.org/verify/not-an-id')).toBeNull();
    expect(extractSubmissionIdFromUrl('my painting of a cat')).toBeNull();
    expect(extractSubmissionIdFromUrl('')).toBeNull();
  });
});
