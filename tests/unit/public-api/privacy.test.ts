import { describe, expect, it } from 'vitest';
import { croissantDescription } from '../../../server/ledger/public-api/croissant';
import { FORMATS } from '../../../server/ledger/public-api/formats';
import { toPublicRecord, type PublicSubmissionRow } from '../../../server/ledger/public-api/record';
import { jsonlLines } from '../../../server/ledger/public-api/writers/jsonl';
import { SITE, makeRow } from './fixtures';
import { writerMeta } from './meta';

const EMAIL = 'secret.artist@private.example';
const IP = '203.0.113.77';
const PRIVATE_PROMPT = 'my private prompt recipe 7f3a';

// A row as a careless query might return it: private columns the type does not declare.
const leakyPublic = { ...makeRow(), author_email: EMAIL, request_ip: IP, author_full_name: 'Hidden Name' };
const leakyPrivatePrompt = {
  ...makeRow({ prompt: PRIVATE_PROMPT, prompt_visibility: 'private' }),
  author_email: EMAIL,
  request_ip: IP,
};
const rows: PublicSubmissionRow[] = [leakyPublic, leakyPrivatePrompt];
const records = rows.map((row) => toPublicRecord(row, { siteUrl: SITE, includePrompts: true }));
const meta = writerMeta(records.length, { include_prompts: true });

async function streamed(): Promise<string> {
  let out = '';
  for await (const line of jsonlLines(records)) out += line;
  return out;
}

describe('no private data in any public API output (decision 0017)', () => {
  it('copies fields explicitly: extra properties of the input row never reach the record', () => {
    for (const record of records) {
      expect(record).not.toHaveProperty('author_email');
      expect(record).not.toHaveProperty('request_ip');
      expect(record).not.toHaveProperty('author_full_name');
    }
  });

  it.each(Object.keys(FORMATS) as (keyof typeof FORMATS)[])(
    'the %s output has no e-mail, IP, private prompt or author_email field',
    (format) => {
      const out = FORMATS[format].write(records, meta);
      expect(out.length).toBeGreaterThan(0);
      expect(out).not.toContain(EMAIL);
      expect(out).not.toContain('author_email');
      expect(out).not.toContain(IP);
      expect(out).not.toContain(PRIVATE_PROMPT);
      expect(out).not.toContain('Hidden Name');
      // The public prompt of the first row is there: the filter is about privacy, not prompts.
      expect(out).toContain('a lighthouse in fog, oil painting');
    },
  );

  it('the streamed JSONL dump has none of them either', async () => {
    const out = await streamed();
    expect(out).toContain('a lighthouse in fog, oil painting');
    for (const secret of [EMAIL, 'author_email', IP, PRIVATE_PROMPT]) expect(out).not.toContain(secret);
  });

  it('the Croissant description names no author_email field', () => {
    const text = JSON.stringify(
      croissantDescription({
        siteUrl: SITE,
        snapshot: {
          id: '20261122T083000Z-1a2b3c4d',
          taken_at: '2026-11-22T08:30:00.000Z',
          entries: 2,
          bytes: 100,
          sha256: 'a'.repeat(64),
        },
      }),
    );
    expect(text).not.toContain('author_email');
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.\w+/);
  });
});
