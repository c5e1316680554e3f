// Escaping for text we put into server-rendered HTML, SVG and <script type="application/ld+json">.
// Every value that came from a submitter passes through one of these before it reaches markup.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element text and in double- or single-quoted attribute values (HTML, SVG, XML). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

// Characters that could end the script element ('</script'), open a comment ('<!--'), or break
// a JavaScript string in old parsers (U+2028/U+2029). JSON allows \uXXXX for any of them, so the
// parsed value is unchanged.
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON for inside <script type="application/ld+json">: no title can close the element, and
 * JSON.parse of the element's text gives back exactly the original value.
 */
export function jsonForScript(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(SCRIPT_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Cuts text to at most `max` characters (by code point), ending with '…' when cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, Math.max(0, max - 1))
        .join('')
        .trimEnd()}…`;
}
