import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { SITE, makeRow } from './fixtures';

describe('toPublicRecord', () => {
  it('maps a public row to the public API record with status, absolute image URL and proof link', () => {
    const row = makeRow({
      id: '3f1c2a9e-8b7d-4c6e-9f01-23456789abcd',
      registry_id: 'VW-2026-000042',
      title: 'Foggy lighthouse',
      created_at: '2026-11-21 10:00:00.123456+00',
      trust_meter: '86',
      log_index: '41',
    });
    expect(toPublicRecord(row, { siteUrl: `${SITE}/`, includePrompts: true })).toEqual({
      id: 'VW-2026-000042',
      uuid: '3f1c2a9e-8b7d-4c6e-9f01-23456789abcd',
      title: 'Foggy lighthouse',
      artist_name: 'Ada Lovelace',
      author_location: 'London, UK',
      prompt: 'a lighthouse in fog, oil painting',
      prompt_available: true,
      tool: 'Midjourney',
      platform: 'Web Browser',
      verification_method: 'fast_submit',
      trust_meter: 86,
      status: 'Provenance Strong',
      rubric_version: '2026-11.3',
      artist_confirmed: false,
      proven_identities: [],
      tags: ['AI Art', 'landscape'],
      usage_type: ['Personal Project'],
      created_at: '2026-11-21T10:00:00.123Z',
      image_available: true,
      image_url: 'https://ledger.example/storage/v1/object/public/artworks/uploads/abc.jpg',
      image_sha256: 'a'.repeat(64),
      license: 'CC BY 4.0',
      permissions: {
        allow_ai_training: true,
        restrict_usage: false,
        remix_allowed: true,
        no_commercial: false,
        sensitive_content: false,
        must_give_credit: true,
      },
      training_mining: 'allowed',
      log_index: 41,
      ledger_url: 'https://ledger.example/verify/VW-2026-000042',
    });
  });

  it("carries the work's proven identities field by field, and whether the name's claimant registered it", () => {
    const identity = {
      url: 'https://greta.example/about',
      host: 'greta.example',
      kind: 'website' as const,
      method: 'rel_me' as const,
      proven_at: '2026-11-27T09:00:00.000Z',
    };
    // A property the repository might add later must not reach the record (decision 0017).
    const row = makeRow({
      identities: { artistConfirmed: true, provenIdentities: [{ ...identity, extra: 'private' } as typeof identity] },
    });
    const record = toPublicRecord(row, { siteUrl: SITE, includePrompts: false });
    expect(record).toMatchObject({ rubric_version: '2026-11.3', artist_confirmed: true });
    expect(record.proven_identities).toEqual([identity]);
  });

  it("says the artist's training choice in the CAWG vocabulary: notAllowed unless training is allowed", () => {
    const reserved = makeRow({ allow_ai_training: false });
    expect(toPublicRecord(reserved, { siteUrl: SITE, includePrompts: false }).training_mining).toBe('notAllowed');
    expect(toPublicRecord(makeRow({ allow_ai_training: null }), { siteUrl: SITE, includePrompts: false }).training_mining).toBe(
      'notAllowed',
    );
  });

  it('gives a null prompt for a private prompt even with include_prompts, and says none is available', () => {
    const record = toPublicRecord(makeRow({ prompt: 'my secret recipe', prompt_visibility: 'private' }), {
      siteUrl: SITE,
      includePrompts: true,
    });
    expect(record.prompt).toBeNull();
    expect(record.prompt_available).toBe(false);
  });

  it('leaves a public prompt out unless include_prompts is set, while prompt_available stays true', () => {
    const record = toPublicRecord(makeRow(), { siteUrl: SITE, includePrompts: false });
    expect(record.prompt).toBeNull();
    expect(record.prompt_available).toBe(true);
  });

  it("treats fast submit's 'No prompt provided' placeholder as no prompt", () => {
    const record = toPublicRecord(makeRow({ prompt: 'No prompt provided' }), { siteUrl: SITE, includePrompts: true });
    expect(record).toMatchObject({ prompt: null, prompt_available: false });
  });

  it('joins only the location parts given, and gives null when there are none', () => {
    const opts = { siteUrl: SITE, includePrompts: false };
    expect(
      toPublicRecord(makeRow({ author_city: 'Pittsburgh', author_state: 'PA', author_country: 'USA' }), opts).author_location,
    ).toBe('Pittsburgh, PA, USA');
    expect(toPublicRecord(makeRow({ author_city: ' ', author_state: null, author_country: null }), opts).author_location).toBeNull();
  });

  it('applies the image URL rule: absolute kept, site path made absolute, blob: means no image', () => {
    const opts = { siteUrl: SITE, includePrompts: false };
    expect(toPublicRecord(makeRow({ image_url: 'https://cdn.example/x.png' }), opts).image_url).toBe('https://cdn.example/x.png');
    expect(toPublicRecord(makeRow({ image_url: '/media/x.jpg' }), opts).image_url).toBe('https://ledger.example/media/x.jpg');
    expect(toPublicRecord(makeRow({ image_url: 'blob:https://x/123' }), opts)).toMatchObject({
      image_url: null,
      image_available: false,
    });
    expect(toPublicRecord(makeRow({ image_url: null }), opts).image_available).toBe(false);
  });

  it('shows the Incomplete label below 62 and turns missing lists, permissions and log index into [], false, null', () => {
    const record = toPublicRecord(
      makeRow({ trust_meter: 40, tags: null, usage_type: null, allow_ai_training: null, log_index: null }),
      { siteUrl: SITE, includePrompts: false },
    );
    expect(record).toMatchObject({ status: 'Incomplete', tags: [], usage_type: [], log_index: null });
    expect(record.permissions.allow_ai_training).toBe(false);
  });
});
