import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../server/ledger/public-api/cursor';
import { parsePublicApiQuery } from '../../../server/ledger/public-api/params';

function refusal(query: Record<string, unknown>) {
  const result = parsePublicApiQuery(query);
  if (result.ok) throw new Error(`expected a refusal for ${JSON.stringify(query)}`);
  return result;
}

function accepted(query: Record<string, unknown>) {
  const result = parsePublicApiQuery(query);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const UUID = '3f1c2a9e-8b7d-4c6e-9f01-23456789abcd';

describe('public API query parameters', () => {
  it('uses the defaults when nothing is given: json, limit 100, offset 0, min trust 0, no prompts', () => {
    expect(accepted({})).toEqual({
      format: 'json',
      limit: 100,
      offset: 0,
      min_trust_level: 0,
      include_prompts: false,
      training_allowed: false,
    });
  });

  it('caps limit=5000 to 1000 instead of refusing it', () => {
    expect(accepted({ limit: '5000' }).limit).toBe(1000);
    expect(accepted({ limit: '99999999999999999999999' }).limit).toBe(1000);
    expect(accepted({ limit: '1000' }).limit).toBe(1000);
    expect(accepted({ limit: '5' }).limit).toBe(5);
  });

  it.each(['abc', '0', '-3', '1.5', '1e3'])('refuses limit=%s naming the parameter', (limit) => {
    expect(refusal({ limit })).toEqual({
      ok: false,
      parameter: 'limit',
      message: "Invalid parameter 'limit': must be a whole number from 1 to 1000",
    });
  });

  it('refuses min_trust_level=101 and accepts 0 and 100', () => {
    expect(refusal({ min_trust_level: '101' }).message).toBe(
      "Invalid parameter 'min_trust_level': must be a whole number from 0 to 100",
    );
    expect(accepted({ min_trust_level: '0' }).min_trust_level).toBe(0);
    expect(accepted({ min_trust_level: '100' }).min_trust_level).toBe(100);
  });

  it('refuses a negative offset', () => {
    expect(refusal({ offset: '-1' }).message).toBe(
      "Invalid parameter 'offset': must be a whole number from 0 to 10,000; page further with cursor (next_cursor)",
    );
  });

  it('refuses date_from=yesterday naming date_from', () => {
    expect(refusal({ date_from: 'yesterday' })).toEqual({
      ok: false,
      parameter: 'date_from',
      message: "Invalid parameter 'date_from': must be an ISO 8601 date (2026-01-31) or date-time (2026-01-31T12:00:00Z)",
    });
  });

  it('refuses an impossible calendar date (2026-02-30)', () => {
    expect(refusal({ date_to: '2026-02-30' }).parameter).toBe('date_to');
  });

  it('reads a date_to date as the whole day (exclusive bound at the next midnight UTC)', () => {
    const q = accepted({ date_from: '2026-01-01', date_to: '2026-01-31' });
    expect(q.created_from?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(q.created_before?.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('reads date-times with an offset, and without a zone as UTC', () => {
    expect(accepted({ date_from: '2026-01-01T12:00:00+02:00' }).created_from?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(accepted({ date_from: '2026-01-01T12:00:00' }).created_from?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
  });

  it('refuses date_to earlier than date_from', () => {
    expect(refusal({ date_from: '2026-02-01', date_to: '2026-01-31' }).message).toBe(
      "Invalid parameter 'date_to': must not be earlier than date_from",
    );
  });

  it('refuses an unknown format and accepts each of the five', () => {
    expect(refusal({ format: 'yaml' }).message).toBe("Invalid parameter 'format': must be one of json, jsonl, csv, xml, rss");
    for (const format of ['json', 'jsonl', 'csv', 'xml', 'rss']) expect(accepted({ format }).format).toBe(format);
  });

  it("accepts include_prompts 'true'/'false' only", () => {
    expect(accepted({ include_prompts: 'true' }).include_prompts).toBe(true);
    expect(accepted({ include_prompts: 'false' }).include_prompts).toBe(false);
    expect(refusal({ include_prompts: 'yes' }).message).toBe("Invalid parameter 'include_prompts': must be 'true' or 'false'");
  });

  it('accepts training_allowed=true and refuses training_allowed=false (it is a filter, not a switch)', () => {
    expect(accepted({ training_allowed: 'true' }).training_allowed).toBe(true);
    expect(refusal({ training_allowed: 'false' }).parameter).toBe('training_allowed');
  });

  it('trims tool_filter and refuses one longer than 100 characters', () => {
    expect(accepted({ tool_filter: '  Midjourney ' }).tool_filter).toBe('Midjourney');
    expect(refusal({ tool_filter: 'x'.repeat(101) }).message).toBe(
      "Invalid parameter 'tool_filter': must be text of at most 100 characters",
    );
  });

  it('treats empty values as absent and refuses a parameter given twice', () => {
    expect(accepted({ limit: '', tool_filter: '' })).toMatchObject({ limit: 100 });
    expect(accepted({ tool_filter: '' }).tool_filter).toBeUndefined();
    expect(refusal({ limit: ['1', '2'] }).message).toBe("Invalid parameter 'limit': must be given only once");
  });

  it('round-trips a cursor and keeps the microseconds of a PostgreSQL timestamp', () => {
    const cursor = encodeCursor({ created_at: '2026-11-22 01:51:00.123456+00', id: UUID });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(accepted({ cursor }).cursor).toEqual({ created_at: '2026-11-22T01:51:00.123456+00:00', id: UUID });
    expect(decodeCursor(encodeCursor({ created_at: new Date('2026-01-02T03:04:05.678Z'), id: UUID }))).toEqual({
      created_at: '2026-01-02T03:04:05.678Z',
      id: UUID,
    });
  });

  it.each([
    ['not base64url', '!!!'],
    ['base64 of non-JSON', Buffer.from('hello').toString('base64url')],
    ['JSON without an id', Buffer.from(JSON.stringify({ created_at: '2026-01-01T00:00:00Z' })).toString('base64url')],
    ['a non-UUID id', Buffer.from(JSON.stringify({ created_at: '2026-01-01T00:00:00Z', id: '1 OR 1=1' })).toString('base64url')],
  ])('refuses a bad cursor (%s) naming cursor', (_case, cursor) => {
    expect(refusal({ cursor })).toEqual({
      ok: false,
      parameter: 'cursor',
      message: "Invalid parameter 'cursor': must be the next_cursor value of an earlier response",
    });
  });

  it('refuses offset together with cursor', () => {
    const cursor = encodeCursor({ created_at: '2026-01-01T00:00:00Z', id: UUID });
    expect(refusal({ cursor, offset: '10' }).message).toBe("Invalid parameter 'offset': cannot be combined with cursor");
  });

  it('ignores unknown parameters such as cache busters', () => {
    expect(accepted({ _: '12345', format: 'csv' }).format).toBe('csv');
  });
});
