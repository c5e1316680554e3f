import type { PublicSubmissionRow } from '../../../server/ledger/public-api/record';

export const SITE = 'https://ledger.example';

/** Titles that break naive CSV/XML/RSS writers. */
export const TRICKY_TITLES = {
  quoteComma: 'She said "hello", then left',
  newline: 'Line one\nLine two',
  markup: '<script>alert(1)</script> & friends',
  emoji: 'Sunset 🌅 over the sea',
  formula: '=HYPERLINK("http://x.test","click")',
} as const;

let seq = 0;

/** A public_submissions row; each call gets a fresh id, registry id and a later time. */
export function makeRow(overrides: Partial<PublicSubmissionRow> = {}): PublicSubmissionRow {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `3f1c2a9e-8b7d-4c6e-9f01-${n}`,
    registry_id: `VW-2026-${String(seq).padStart(6, '0')}`,
    title: `Work ${seq}`,
    artist_name: 'Ada Lovelace',
    author_city: 'London',
    author_state: null,
    author_country: 'UK',
    prompt: 'a lighthouse in fog, oil painting',
    prompt_visibility: 'public',
    tool: 'Midjourney',
    platform: 'Web Browser',
    verification_method: 'fast_submit',
    trust_meter: 70,
    tags: ['AI Art', 'landscape'],
    usage_type: ['Personal Project'],
    created_at: new Date(Date.UTC(2026, 10, 21, 10, 0, seq)),
    image_url: 'uploads/abc.jpg',
    image_hash: 'a'.repeat(64),
    artwork_license: 'CC BY 4.0',
    allow_ai_training: true,
    restrict_usage: false,
    remix_allowed: true,
    no_commercial: false,
    sensitive_content: false,
    must_give_credit: true,
    log_index: String(seq - 1),
    trust_rubric_version: '2026-11.3',
    identities: { artistConfirmed: false, provenIdentities: [] },
    ...overrides,
  };
}
