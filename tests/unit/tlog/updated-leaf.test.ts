// The 'updated' leaf (issue 18): the artist changed the work; the entry adds record_sha256, the
// hash of the changed public fields, and only this event may carry it.
import { describe, expect, it } from 'vitest';
import { canonicalLeafJson, type LeafEvent } from '../../../server/tlog';

const UPDATED: LeafEvent = {
  registry_id: 'VW-2026-000001',
  submission_id: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  image_sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  event: 'updated',
  time: '2026-01-02T03:04:05.000Z',
  record_sha256: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
};

describe("the 'updated' leaf", () => {
  it('writes record_sha256 in lower case among the sorted keys', () => {
    expect(canonicalLeafJson(UPDATED)).toBe(
      '{"event":"updated","image_sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",' +
        '"record_sha256":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",' +
        '"registry_id":"VW-2026-000001","submission_id":"3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b","time":"2026-01-02T03:04:05.000Z"}',
    );
  });

  it('refuses an updated event without record_sha256, and record_sha256 on another event', () => {
    expect(() => canonicalLeafJson({ ...UPDATED, record_sha256: undefined })).toThrow(
      "record_sha256 is given with 'updated' events only",
    );
    expect(() => canonicalLeafJson({ ...UPDATED, event: 'created' })).toThrow("record_sha256 is given with 'updated' events only");
  });

  it('refuses a record_sha256 that is not 64 hex characters', () => {
    expect(() => canonicalLeafJson({ ...UPDATED, record_sha256: 'abc' })).toThrow('record_sha256 must be 64 hex characters');
  });
});
