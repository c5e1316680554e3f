// Canonical JSON: the subset of RFC 8785 (JSON Canonicalization Scheme) the log needs.
// - Object keys sorted by UTF-16 code units (JavaScript's default sort order, as RFC 8785 §3.2.3).
// - No whitespace.
// - Strings and numbers serialised as ECMAScript JSON.stringify does, which is what RFC 8785
//   §3.2.2 prescribes; strings with lone surrogates and non-finite numbers are refused.
// - Values: string, finite number, boolean, null, arrays and plain objects. Nothing else.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const LONE_SURROGATE = /\p{Cs}/u;

export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Canonical JSON cannot hold a non-finite number');
    return JSON.stringify(value);
  }
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw new TypeError('Canonical JSON cannot hold a lone surrogate');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${canonicalJson(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  throw new TypeError(`Canonical JSON cannot hold a value of type ${typeof value}`);
}
