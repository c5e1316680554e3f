// Text the database cannot store faithfully: PostgreSQL refuses NUL (0x00) in text, and a lone
// UTF-16 surrogate has no UTF-8 form (it would be silently turned into U+FFFD). The server's
// input gate refuses both before any rule sees them; the web forms can use the same check.

/** A NUL, or a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const FORBIDDEN = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character that cannot be stored as sent. Linear in the length. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * True when any string in a parsed JSON value (keys included) holds a forbidden character.
 * Walks with an explicit stack: a deeply nested body cannot overflow the call stack here.
 */
export function containsForbiddenCharacters(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object' && !(current instanceof Uint8Array)) {
      for (const [key, item] of Object.entries(current)) {
        if (hasForbiddenCharacters(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. One-line fields
 * (titles, names, tool names) refuse them all: a raw CR or LF in a title would break the line
 * of a feed, a CSV row or an e-mail header it is copied into. Multi-line fields keep \n and \t.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's whole point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when `text` holds a character a one-line field must not (see CONTROL). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}
