// Issue 17: registering is not verifying. The fast-submit marker among a work's verification
// resources reads 'Registered via Fast Submit', also for records stored with the old wording.
import { describe, expect, it } from 'vitest';
import { verificationResources } from '../../../server/submissions/evidence';
import { displayResources } from '../../../server/works/public-work';

const SITE = 'https://ledger.test';
const VERIFY_URL = `${SITE}/verify/0b6f3c1e-1d2a-4c4e-9d61-3f0f5d2a9b11`;

describe('fast-submit resource wording', () => {
  it("stores new registrations as 'Registered via Fast Submit'", () => {
    expect(verificationResources(['https://portfolio.example/ada'])).toEqual([
      { type: 'artist_profile', url: 'https://portfolio.example/ada', description: 'Artist profile' },
      { type: 'fast_submit', url: '', description: 'Registered via Fast Submit' },
    ]);
  });

  it("shows a record stored as 'Verified via Fast Submit' as 'Registered via Fast Submit', other descriptions as stored", () => {
    const stored = [
      { type: 'artist_profile', url: 'https://portfolio.example/ada', description: 'Artist profile' },
      { type: 'fast_submit', url: '', description: 'Verified via Fast Submit' },
    ];
    expect(displayResources(stored, SITE, VERIFY_URL)).toEqual([
      { type: 'artist_profile', url: 'https://portfolio.example/ada', description: 'Artist profile' },
      { type: 'fast_submit', url: '', description: 'Registered via Fast Submit' },
    ]);
  });
});
