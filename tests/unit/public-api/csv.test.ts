import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { CSV_COLUMNS, writeCsv } from '../../../server/ledger/public-api/writers/csv';
import { hasTool, runTool } from './external-tools';
import { SITE, TRICKY_TITLES, makeRow } from './fixtures';

const titles = Object.values(TRICKY_TITLES);
const records = titles.map((title) => toPublicRecord(makeRow({ title }), { siteUrl: SITE, includePrompts: true }));
const csv = writeCsv(records);
const HEADER = CSV_COLUMNS.map((c) => c.header);

function column(rows: string[][], name: string): string[] {
  const index = rows[0].indexOf(name);
  return rows.slice(1).map((row) => row[index]);
}

describe('CSV export', () => {
  it('starts with a header row naming every column, permissions flattened', () => {
    const rows: string[][] = parse(csv);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[0]).toContain('allow_ai_training');
    expect(rows).toHaveLength(1 + records.length);
  });

  it('round-trips titles with quotes, commas, newlines, markup and emoji through csv-parse', () => {
    const rows: string[][] = parse(csv);
    expect(column(rows, 'title')).toEqual([
      'She said "hello", then left',
      'Line one\nLine two',
      '<script>alert(1)</script> & friends',
      'Sunset 🌅 over the sea',
      `'=HYPERLINK("http://x.test","click")`,
    ]);
  });

  it('ends every record with CRLF (RFC 4180) and quotes a title holding a bare line break', () => {
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('"Line one\nLine two"');
    expect(csv.split('\r\n')).toHaveLength(1 + records.length + 1);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', "'\rReturn"],
    ['Safe = title', 'Safe = title'],
  ])('neutralises a cell starting with a formula character: %j → %j', (title, expected) => {
    const rows: string[][] = parse(writeCsv([toPublicRecord(makeRow({ title }), { siteUrl: SITE, includePrompts: false })]));
    expect(column(rows, 'title')).toEqual([expected]);
  });

  it("joins lists with '; ' and neutralises a list whose first item starts with '='", () => {
    const record = toPublicRecord(makeRow({ tags: ['=cmd', 'portrait'], usage_type: ['Print', 'Web'] }), {
      siteUrl: SITE,
      includePrompts: false,
    });
    const rows: string[][] = parse(writeCsv([record]));
    expect(column(rows, 'tags')).toEqual(["'=cmd; portrait"]);
    expect(column(rows, 'usage_type')).toEqual(['Print; Web']);
  });

  it("writes booleans as 'true'/'false', numbers as digits and null as an empty cell", () => {
    const record = toPublicRecord(makeRow({ trust_meter: 70, log_index: null, prompt_visibility: 'private' }), {
      siteUrl: SITE,
      includePrompts: true,
    });
    const rows: string[][] = parse(writeCsv([record]));
    expect(column(rows, 'trust_meter')).toEqual(['70']);
    expect(column(rows, 'allow_ai_training')).toEqual(['true']);
    expect(column(rows, 'no_commercial')).toEqual(['false']);
    expect(column(rows, 'prompt')).toEqual(['']);
    expect(column(rows, 'log_index')).toEqual(['']);
  });

  it('writes only the header row for an empty page', () => {
    expect(parse(writeCsv([]))).toEqual([HEADER]);
  });

  it.skipIf(!hasTool('python3'))("reads the same cells with Python's csv module", () => {
    const script = [
      'import csv, io, json, sys',
      "text = io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8', newline='')",
      'print(json.dumps(list(csv.reader(text))))',
    ].join('\n');
    const run = runTool('python3', ['-c', script], csv);
    expect(run?.stderr).toBe('');
    expect(JSON.parse(run!.stdout)).toEqual(parse(csv));
  });
});
