import { describe, expect, it } from 'vitest';
import { buildLeaf, canonicalJson, canonicalLeafJson, leafHash, toHex, type LeafEvent } from '../../../server/tlog';
import { leafHashHex } from '../../../core/tlog-verify';

// image_sha256 is SHA-256("abc"):  printf 'abc' | openssl dgst -sha256
const EVENT: LeafEvent = {
  registry_id: 'VW-2026-000001',
  submission_id: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b',
  image_sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  event: 'created',
  time: '2026-01-02T03:04:05.000Z',
};

const EXPECTED_JSON =
  '{"event":"created","image_sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",' +
  '"registry_id":"VW-2026-000001","submission_id":"3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b","time":"2026-01-02T03:04:05.000Z"}';

// J='<EXPECTED_JSON>'; printf '\x00%s' "$J" | openssl dgst -sha256
const EXPECTED_LEAF_HASH = '55ee8afce474f75d1295bac0e6a3f93fb337ddc1948582753d3ddfcfa7c97fd3';

describe('transparency-log leaf entries', () => {
  it('writes the event as canonical JSON: sorted keys, no whitespace, ids and hashes only', () => {
    expect(canonicalLeafJson(EVENT)).toBe(EXPECTED_JSON);
  });

  it('hashes the entry as SHA-256(0x00 || UTF-8 JSON) on the server and in the browser alike', async () => {
    expect(toHex(leafHash(EXPECTED_JSON))).toBe(EXPECTED_LEAF_HASH);
    expect(await leafHashHex(EXPECTED_JSON)).toBe(EXPECTED_LEAF_HASH);
    expect(buildLeaf(EVENT)).toMatchObject({ canonicalJson: EXPECTED_JSON, leafHashHex: EXPECTED_LEAF_HASH });
  });

  it('gives the same entry for a Date, an ISO string without milliseconds, and upper-case ids', () => {
    const variants: LeafEvent[] = [
      { ...EVENT, time: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) },
      { ...EVENT, time: '2026-01-02T03:04:05Z' },
      { ...EVENT, submission_id: EVENT.submission_id.toUpperCase(), image_sha256: EVENT.image_sha256.toUpperCase() },
    ];
    for (const v of variants) expect(canonicalLeafJson(v)).toBe(EXPECTED_JSON);
  });

  it('keeps personal data out even if the caller passes extra fields', () => {
    const withExtras = { ...EVENT, author_email: 'ann@example.org', author_full_name: 'Ann' } as LeafEvent;
    expect(canonicalLeafJson(withExtras)).toBe(EXPECTED_JSON);
  });

  it.each([['soft_deleted'], ['restored'], ['purged']] as const)("records the '%s' event type", (event) => {
    expect(canonicalLeafJson({ ...EVENT, event })).toContain(`"event":"${event}"`);
  });

  it.each([
    ['a registry id without the VW prefix', { registry_id: 'XX-2026-000001' }, "Invalid registry id 'XX-2026-000001'"],
    ['a submission id that is not a UUID', { submission_id: 'abc' }, "Invalid submission id 'abc'"],
    ['a short image hash', { image_sha256: 'abc' }, 'image_sha256 must be 64 hex characters'],
    ['an unknown event', { event: 'edited' }, "Unknown leaf event 'edited'"],
    ['a local time without Z', { time: '2026-01-02T03:04:05' }, 'Leaf time must be ISO 8601 in UTC'],
    ['an offset time', { time: '2026-01-02T03:04:05+01:00' }, 'Leaf time must be ISO 8601 in UTC'],
    ['an invalid date', { time: new Date('nope') }, 'Leaf time is not a valid date'],
  ])('refuses %s', (_label, patch, message) => {
    expect(() => canonicalLeafJson({ ...EVENT, ...patch } as LeafEvent)).toThrow(message);
  });
});

describe('canonical JSON (RFC 8785 subset)', () => {
  it('sorts nested keys by UTF-16 code units and prints numbers as ECMAScript does', () => {
    // RFC 8785 §3.2.3 example ordering: "\u20ac" (€) sorts after "\r" and "1", before "\ud83d\ude00".
    const value = { b: [1e21, 0.1, -0, 10], a: { z: null, y: true }, '\u20ac': 'x', '1': 'one', '\r': 'cr', '\ud83d\ude00': 's' };
    expect(canonicalJson(value)).toBe('{"\\r":"cr","1":"one","a":{"y":true,"z":null},"b":[1e+21,0.1,0,10],"€":"x","😀":"s"}');
  });

  it('refuses values RFC 8785 cannot represent', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow('non-finite');
    expect(() => canonicalJson('\ud800')).toThrow('lone surrogate');
    expect(() => canonicalJson(new Date() as never)).toThrow('Canonical JSON cannot hold');
  });
});
