// Values an attacker sends instead of what a form would: the hostile-input suite puts each of
// them in every path parameter, query parameter and body field of every route.

/** Strings for paths, query strings, headers and JSON string fields. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Egnp.exe',
  '\u200B\uFEFF\u2028\u2029',
  'e\u0301'.repeat(500),
  '🎨'.repeat(300),
  '\u0001\u001F\u007F\u0085',
  'a'.repeat(100_000),
  `${'a'.repeat(30_000)}!`,
  `${'a.'.repeat(5_000)}@${'b.'.repeat(5_000)}`,
  `http://${'a.'.repeat(4_000)}com/`,
  `Steps: ${'1, '.repeat(5_000)}`,
  '99999999999999999999999999999',
  '-99999999999',
  '-1',
  '0',
  '1e308',
  '1e-400',
  'NaN',
  'Infinity',
  '0x1f',
  '1.5',
  'true',
  'null',
  'undefined',
  '[object Object]',
  "' OR 1=1 --",
  "%'; DROP TABLE submissions; --",
  '\\',
  '%_%',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '<script>alert("hostile")</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=alert() )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert()//>\\x3e',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '%s%s%s%n%x',
  '\r\nSet-Cookie: evil=1',
  '__proto__',
  'constructor',
  'VW-9999-999999999999',
  '00000000-0000-0000-0000-000000000000',
  'GIF89a/*<svg onload=alert(1)>*/=alert(1)//',
];

/** Whole JSON values of the wrong type or shape, for body fields and whole bodies. */
export const HOSTILE_JSON_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  ['a', 1, null, {}],
  {},
  { nested: { deeper: ['x'] } },
  Array.from({ length: 5_000 }, (_, i) => `item${i}`),
  { __proto__: { admin: true } },
];

/** A JSON text nested `depth` arrays deep: parsers that recurse can overflow on it. */
export function deeplyNestedJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Raw request bodies that are not the JSON the route expects, with the content type they claim. */
export const HOSTILE_RAW_BODIES: readonly { contentType: string; body: string | Buffer }[] = [
  { contentType: 'application/json', body: '' },
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"a":1,}' },
  { contentType: 'application/json', body: '\uFEFF{}' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '"just a string"' },
  { contentType: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', body: deeplyNestedJson(50_000) },
  { contentType: 'application/json', body: `{"a":"${'\\u0000'.repeat(1000)}"}` },
  { contentType: 'application/json', body: '{"a":"\\ud800"}' },
  { contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { contentType: 'application/json; charset=utf-16', body: '{}' },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=%00&b=%E0%A4%A' },
  { contentType: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { contentType: 'multipart/form-data; boundary=xyz', body: 'garbage' },
];

/** Multipart bodies an upload route must refuse with a 4xx. */
export function hostileMultipartBodies(): { headers: Record<string, string>; payload: Buffer }[] {
  const part = (boundary: string, head: string, data: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const file = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png';
  const pngStart = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const typed = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
  return [
    { headers: { 'content-type': 'multipart/form-data' }, payload: Buffer.from('garbage') },
    { headers: typed('xyz'), payload: Buffer.from('garbage') },
    {
      headers: typed('xyz'),
      payload: Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut short'),
    },
    { headers: typed('xyz'), payload: part('other', file, 'boundary mismatch') },
    { headers: typed('xyz'), payload: part('xyz', 'Content-Disposition: form-data; name="notfile"', 'x') },
    { headers: typed('xyz'), payload: part('xyz', file, '') },
    { headers: typed('xyz'), payload: part('xyz', file, pngStart) },
    { headers: typed('xyz'), payload: part('xyz', file, Buffer.concat([pngStart, Buffer.alloc(4096, 0xff)])) },
    { headers: typed('xyz'), payload: part('xyz', file, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
    { headers: typed('xyz'), payload: part('xyz', file, 'GIF89a/*<script>alert(1)</script>*/') },
    { headers: typed('xyz'), payload: part('xyz', 'Content-Disposition: form-data; name="file"; filename="\u0000.png"', pngStart) },
    {
      headers: typed('xyz'),
      payload: part('xyz', `Content-Disposition: form-data; name="file"; filename="${'a'.repeat(20_000)}.png"`, pngStart),
    },
    { headers: typed('xyz'), payload: Buffer.concat([part('xyz', file, pngStart), part('xyz', file, pngStart)]) },
    { headers: typed('a'.repeat(200)), payload: Buffer.from('x') },
    { headers: typed('xyz'), payload: Buffer.from(`--xyz\r\n${'X-Header: y\r\n'.repeat(2_000)}\r\n\r\nx\r\n--xyz--\r\n`) },
  ];
}
