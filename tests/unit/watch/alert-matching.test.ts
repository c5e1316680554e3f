// Which later registrations count as copies of a watched work (server/watch/alert-matching.ts).
import { describe, expect, it } from 'vitest';
import { findAlerts, normaliseProfileLink } from '../../../server/watch/alert-matching';
import type { WorkFingerprint } from '../../../server/watch/watch-repository';

let seq = 0;
function work(overrides: Partial<WorkFingerprint> = {}): WorkFingerprint {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    registry_seq: seq,
    registry_id: `VW-2026-${String(seq).padStart(6, '0')}`,
    title: `Work ${seq}`,
    artist_name: 'Original Artist',
    image_hash: seq.toString(16).padStart(64, '0'),
    image_phash: 'ffffffff00000000',
    verification_resources: [],
    is_public: true,
    deleted_at: null,
    created_at: new Date(0),
    ...overrides,
  };
}

describe('findAlerts', () => {
  it('finds a later registration of the same file as an exact duplicate', () => {
    const watched = work({ image_hash: 'a'.repeat(64) });
    const copy = work({ image_hash: 'a'.repeat(64), image_phash: '0000000000000000', artist_name: 'Someone' });
    expect(findAlerts([watched], [copy])).toEqual([
      { submission_id: watched.id, match_id: copy.id, reason: 'exact_duplicate', distance: null },
    ]);
  });

  it('finds a visually close image (10 bits apart) as a near duplicate, with its distance', () => {
    const watched = work({ image_phash: 'ffffffff00000000' });
    const close = work({ image_phash: 'ffffffff000003ff' });
    expect(findAlerts([watched], [close])).toEqual([
      { submission_id: watched.id, match_id: close.id, reason: 'near_duplicate', distance: 10 },
    ]);
  });

  it('ignores an image 11 bits apart', () => {
    expect(findAlerts([work({ image_phash: 'ffffffff00000000' })], [work({ image_phash: 'ffffffff000007ff' })])).toEqual([]);
  });

  it("finds another artist claiming one of the watched work's profile links, however the link is written", () => {
    const watched = work({
      verification_resources: [{ type: 'artist_profile', url: 'https://www.instagram.com/mira/' }],
      image_phash: null,
    });
    const claim = work({
      artist_name: 'Impostor',
      image_phash: null,
      verification_resources: [{ type: 'artist_profile', url: 'https://INSTAGRAM.com/Mira' }],
    });
    expect(findAlerts([watched], [claim])).toEqual([
      { submission_id: watched.id, match_id: claim.id, reason: 'profile_link', distance: null },
    ]);
  });

  it('does not alert when the same artist names their own profile again', () => {
    const links = [{ type: 'artist_profile', url: 'https://instagram.com/mira' }];
    const watched = work({ verification_resources: links, image_phash: null });
    expect(
      findAlerts([watched], [work({ verification_resources: links, image_phash: null, artist_name: 'original artist' })]),
    ).toEqual([]);
  });

  it('never alerts about a work registered before the watched one', () => {
    const earlier = work({ image_hash: 'b'.repeat(64) });
    const watched = work({ image_hash: 'b'.repeat(64) });
    expect(findAlerts([watched], [earlier])).toEqual([]);
  });
});

describe('normaliseProfileLink', () => {
  it('drops the scheme, www., letter case and trailing slashes, and refuses what is not a URL', () => {
    expect(normaliseProfileLink('https://www.ArtStation.com/Mira/')).toBe('artstation.com/mira');
    expect(normaliseProfileLink('not a url')).toBeNull();
  });
});
