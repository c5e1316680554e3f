import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../../server/ledger-cache/response-cache';

const entry = (body: string) => ({ body: Buffer.from(body), etag: `"${body.length}"`, contentType: 'application/json' });

describe('response cache', () => {
  it('returns what was stored under a key', () => {
    const cache = new ResponseCache(1000);
    cache.set('a', entry('hello'));
    expect(cache.get('a')).toEqual(entry('hello'));
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used entries once the byte budget is exceeded', () => {
    const cache = new ResponseCache(1000);
    cache.set('a', entry('x'.repeat(250)));
    cache.set('b', entry('x'.repeat(250)));
    cache.set('c', entry('x'.repeat(250)));
    cache.get('a'); // a is now the most recently used
    cache.set('d', entry('x'.repeat(250)));
    cache.set('e', entry('x'.repeat(250)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.length).toBe(250);
    expect(cache.size).toBe(4);
  });

  it('never stores a body larger than a quarter of the budget', () => {
    const cache = new ResponseCache(1000);
    cache.set('small', entry('x'.repeat(10)));
    cache.set('huge', entry('x'.repeat(251)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')?.body.toString()).toBe('x'.repeat(10));
  });

  it('replacing a key counts its bytes once', () => {
    const cache = new ResponseCache(1000);
    for (let i = 0; i < 10; i++) cache.set('same', entry('x'.repeat(240)));
    cache.set('other', entry('x'.repeat(240)));
    expect(cache.size).toBe(2);
  });

  it('counts what an entry gains once kept, and drops the least recently used entries for it', () => {
    const cache = new ResponseCache(1000);
    const a = entry('a'.repeat(200));
    cache.set('a', a);
    cache.set('b', entry('b'.repeat(200)));
    cache.set('c', entry('c'.repeat(200)));
    cache.get('a');
    cache.grow('a', a, 250);
    expect(cache.heldBytes).toBe(850);
    cache.grow('a', a, 200);
    // 1,050 held: b, the least recently used, goes.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.heldBytes).toBe(850);
    expect(cache.get('a')).toBe(a);
  });

  it('counts nothing an entry gains after it was replaced or dropped', () => {
    const cache = new ResponseCache(1000);
    const first = entry('x'.repeat(100));
    cache.set('a', first);
    cache.set('a', entry('y'.repeat(100)));
    cache.grow('a', first, 500);
    cache.grow('gone', first, 500);
    expect(cache.heldBytes).toBe(100);
  });
});
