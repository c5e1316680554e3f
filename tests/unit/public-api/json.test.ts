import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { writeJson } from '../../../server/ledger/public-api/writers/json';
import { jsonlLines, writeJsonl } from '../../../server/ledger/public-api/writers/jsonl';
import { SITE, TRICKY_TITLES, makeRow } from './fixtures';
import { writerMeta } from './meta';

const records = Object.values(TRICKY_TITLES).map((title) =>
  toPublicRecord(makeRow({ title }), { siteUrl: SITE, includePrompts: false }),
);

describe('JSON export', () => {
  it('wraps the records as { metadata, data } with the response metadata plus paging and training filter', () => {
    const body = JSON.parse(writeJson(records, writerMeta(42, { next_cursor: 'abc' })));
    expect(Object.keys(body)).toEqual(['metadata', 'data']);
    expect(body.metadata).toEqual({
      total_entries: 42,
      total_exact: true,
      offset: 0,
      limit: 100,
      min_trust_level: 0,
      include_prompts: false,
      generated_at: '2026-11-22T08:30:00.000Z',
      api_version: '1.0',
      next_cursor: 'abc',
      training_allowed: false,
    });
    expect(body.data).toEqual(records);
  });
});

describe('JSONL export', () => {
  const jsonl = writeJsonl(records);

  it('writes one JSON object per line, each newline-terminated, even for a title with a newline', () => {
    expect(jsonl.endsWith('\n')).toBe(true);
    const lines = jsonl.slice(0, -1).split('\n');
    expect(lines).toHaveLength(records.length);
    expect(lines.map((line) => JSON.parse(line))).toEqual(records);
  });

  it('mixes no metadata into the lines', () => {
    for (const line of jsonl.trimEnd().split('\n')) {
      const object = JSON.parse(line);
      expect(object).not.toHaveProperty('metadata');
      expect(object).not.toHaveProperty('total_entries');
      expect(object).toHaveProperty('ledger_url');
    }
  });

  it('writes nothing at all for an empty page', () => {
    expect(writeJsonl([])).toBe('');
  });

  it('streams the same lines from an async source as the one-shot writer', async () => {
    async function* source() {
      yield* records;
    }
    let streamed = '';
    for await (const line of jsonlLines(source())) streamed += line;
    expect(streamed).toBe(jsonl);
  });
});
