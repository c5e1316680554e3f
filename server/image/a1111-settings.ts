// Reads an Automatic1111 settings line, `Steps: 20, Sampler: Euler a, Lora hashes: "a: 1, b: 2"`,
// into key → value. It finds exactly what A1111's own pattern finds with matchAll,
//   /\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)/g
// but in one pass: run on the uploader's text, that pattern retries its key from every position
// and a line of 150,000 letters without a colon took half a minute.

/** What `\s` matches (char codes). */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** What `.` does not match. */
function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** Characters a key may continue with: `[\w \-/]`. */
function isKeyChar(code: number): boolean {
  return isWordChar(code) || code === 32 || code === 45 || code === 47;
}

/**
 * Three look-up tables filled from the end of the line, so every question the pattern asks at a
 * position is answered in constant time:
 * - spaceEnd[i]: first position at or after i that is not whitespace (`\s*` is greedy);
 * - keyEnd[i]: first position at or after i that cannot continue a key;
 * - quoteEnd[i]: the closing `"` of a quoted value whose text starts at i (escapes `\x` skipped),
 *   or -1 when it has none (end of line, or a backslash before a line break).
 */
function scanTables(line: string) {
  const n = line.length;
  const spaceEnd = new Int32Array(n + 1);
  const keyEnd = new Int32Array(n + 1);
  const quoteEnd = new Int32Array(n + 2);
  spaceEnd[n] = n;
  keyEnd[n] = n;
  quoteEnd[n] = -1;
  quoteEnd[n + 1] = -1;
  for (let i = n - 1; i >= 0; i--) {
    const code = line.charCodeAt(i);
    spaceEnd[i] = isSpace(code) ? spaceEnd[i + 1] : i;
    keyEnd[i] = isKeyChar(code) ? keyEnd[i + 1] : i;
    if (code === 34 /* " */) quoteEnd[i] = i;
    else if (code === 92 /* \\ */) quoteEnd[i] = i + 1 < n && !isLineTerminator(line.charCodeAt(i + 1)) ? quoteEnd[i + 2] : -1;
    else quoteEnd[i] = quoteEnd[i + 1];
  }
  return { spaceEnd, keyEnd, quoteEnd };
}

interface Setting {
  key: string;
  value: string;
  /** Where the next search starts: after the comma, or the end of the line. */
  end: number;
}

function matchAt(line: string, start: number, tables: ReturnType<typeof scanTables>): Setting | null {
  const { spaceEnd, keyEnd, quoteEnd } = tables;
  const n = line.length;
  const keyStart = spaceEnd[start];
  if (keyStart >= n || !isWordChar(line.charCodeAt(keyStart))) return null;
  const colon = keyEnd[keyStart];
  // The key is at least two characters and is followed directly by the colon.
  if (colon < keyStart + 2 || line[colon] !== ':') return null;
  const key = line.slice(keyStart, colon);
  const valueStart = spaceEnd[colon + 1];

  // A quoted value counts only when a comma or the end of the line follows its closing quote.
  if (line[valueStart] === '"') {
    const close = quoteEnd[valueStart + 1];
    if (close > valueStart + 1 && (close + 1 === n || line[close + 1] === ',')) {
      return { key, value: line.slice(valueStart, close + 1), end: Math.min(close + 2, n) };
    }
  }
  const comma = line.indexOf(',', valueStart);
  const valueEnd = comma < 0 ? n : comma;
  return { key, value: line.slice(valueStart, valueEnd), end: comma < 0 ? n : comma + 1 };
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** Every `Key: value` pair of the line, in order; a later key overwrites an earlier one. */
export function readA1111Settings(line: string): Record<string, string> {
  const settings: Record<string, string> = {};
  const tables = scanTables(line);
  let position = 0;
  while (position < line.length) {
    const setting = matchAt(line, position, tables);
    if (!setting) {
      position += 1; // as the regular expression does: try the next position
      continue;
    }
    settings[setting.key.trim()] = unquote(setting.value.trim());
    position = setting.end;
  }
  return settings;
}
