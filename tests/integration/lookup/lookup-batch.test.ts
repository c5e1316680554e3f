// Bulk lookup (POST /api/lookup/batch): SHA-256 and perceptual hashes answered in input order
// with the public works that match, never a private or deleted one; a malformed list is refused
// with the index of its first bad entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

let t: TestApp;
const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(63) + 'c';
const PHASH_A = '0123456789abcdef';
const PHASH_B = '0123456789abcdee'; // one bit from PHASH_A
let a: { id: string; registry_id: string };
let b: { id: string; registry_id: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  a = await insertWork(db, { image_hash: SHA_A, image_phash: PHASH_A, created_at: new Date('2026-01-01T00:00:00Z') });
  b = await insertWork(db, { image_hash: SHA_B, image_phash: PHASH_B, created_at: new Date('2026-01-02T00:00:00Z') });
  // The same image registered privately, and one removed: neither may ever be named.
  await insertWork(db, { image_hash: SHA_A, image_phash: PHASH_A, is_public: false, title: 'Private twin' });
  await insertWork(db, { image_hash: SHA_A, image_phash: PHASH_A, deleted_at: new Date(), title: 'Deleted twin' });
});
afterAll(async () => {
  await t.close();
});

const batch = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/lookup/batch', payload: payload as object });

const match = (work: { id: string; registry_id: string }, sha256: string, phash: string, distance: number) => ({
  registry_id: work.registry_id,
  id: work.id,
  proof_url: `http://ledger.test/verify/${work.registry_id}`,
  sha256,
  phash,
  distance,
});

describe('POST /api/lookup/batch', () => {
  it('answers mixed SHA-256 and perceptual hashes in input order, unknown ones with an empty list', async () => {
    const res = await batch({ hashes: [PHASH_B, SHA_A, 'f'.repeat(64), 'ffffffffffffffff', SHA_B.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      max_distance: 0,
      results: [
        { hash: PHASH_B, kind: 'phash', matches: [match(b, SHA_B, PHASH_B, 0)] },
        { hash: SHA_A, kind: 'sha256', matches: [match(a, SHA_A, PHASH_A, 0)] },
        { hash: 'f'.repeat(64), kind: 'sha256', matches: [] },
        { hash: 'ffffffffffffffff', kind: 'phash', matches: [] },
        { hash: SHA_B, kind: 'sha256', matches: [match(b, SHA_B, PHASH_B, 0)] },
      ],
    });
  });

  it('finds perceptual hashes within max_distance, closest first, and never a private or deleted work', async () => {
    const res = await batch({ hashes: [PHASH_A], max_distance: 1 });
    expect(res.json().results[0].matches).toEqual([match(a, SHA_A, PHASH_A, 0), match(b, SHA_B, PHASH_B, 1)]);
    expect(res.body).not.toContain('twin');
  });

  it('refuses 10,001 entries with 400', async () => {
    const res = await batch({ hashes: Array.from({ length: 10_001 }, () => SHA_A) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Send JSON { "hashes": [...] } with 1 to 10,000 hashes.',
    });
  });

  it('refuses a malformed entry with 400 naming the first bad index', async () => {
    const res = await batch({ hashes: [SHA_A, PHASH_A, 'not-a-hash', 42, 'abc'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: "Entry 2 of 'hashes' is not a SHA-256 (64 hex digits) or a perceptual hash (16 hex digits).",
      fields: { 'hashes.2': 'Not a SHA-256 or a perceptual hash.' },
    });
  });

  it('refuses a max_distance above 10, an empty list and a body that is not a list', async () => {
    expect((await batch({ hashes: [PHASH_A], max_distance: 11 })).json().error.message).toBe(
      "'max_distance' must be a whole number from 0 to 10.",
    );
    for (const payload of [{ hashes: [] }, { hashes: 'abc' }, {}]) {
      const res = await batch(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Send JSON { "hashes": [...] } with 1 to 10,000 hashes.');
    }
  });

  it('refuses a body over the size cap with 413 before parsing it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lookup/batch',
      headers: { 'content-type': 'application/json' },
      payload: `{"hashes":["${'a'.repeat(2 * 1024 * 1024)}"]}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('body_too_large');
  });
});
