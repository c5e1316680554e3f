import { describe, expect, it } from 'vitest';
import { FORMATS, contentDisposition, downloadFilename } from '../../../server/ledger/public-api/formats';

describe('format table', () => {
  it('gives each format its content type with charset', () => {
    expect(Object.fromEntries(Object.entries(FORMATS).map(([name, f]) => [name, f.contentType]))).toEqual({
      json: 'application/json; charset=utf-8',
      jsonl: 'application/x-ndjson; charset=utf-8',
      csv: 'text/csv; charset=utf-8; header=present',
      xml: 'application/xml; charset=utf-8',
      rss: 'application/rss+xml; charset=utf-8',
    });
  });

  it('names downloads ai-art-ledger-<UTC date>.<extension>', () => {
    const at = new Date('2026-11-22T23:59:59Z');
    expect(contentDisposition('csv', at)).toBe('attachment; filename="ai-art-ledger-2026-11-22.csv"');
    expect(downloadFilename('jsonl', at)).toBe('ai-art-ledger-2026-11-22.jsonl');
    expect(downloadFilename('rss', at)).toBe('ai-art-ledger-2026-11-22.rss');
  });
});
