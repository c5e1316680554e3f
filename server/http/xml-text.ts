// Text for the XML documents the server writes (public API XML and RSS, oEmbed XML), so that an
// XML parser gives back exactly the characters that were stored, not an interpretation of them.

/** What a character XML 1.0 cannot carry becomes (see INVALID_XML_CHARS). */
export const XML_REPLACEMENT_CHAR = '\uFFFD';

// Characters XML 1.0 forbids even as character references: C0 controls other than tab, LF and
// CR, unpaired surrogates, and U+FFFE/U+FFFF. One of them would make the whole document
// unparseable. They are replaced with U+FFFD (the Unicode replacement character) rather than
// dropped: the text keeps its length and word boundaries ("Tom\u0007Jerry" does not become
// "TomJerry"), and a consumer comparing with the JSON format can see a character was lost.
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function replaceInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, XML_REPLACEMENT_CHAR);
}

/**
 * The argument for xmlbuilder2's `.txt()` that serialises to exactly `text`.
 *
 * xmlbuilder2 leaves anything that already looks like an entity ("&amp;", "&#65;") unescaped,
 * so a stored title "Tom &amp; Jerry" would be read back as "Tom & Jerry". Escaping every "&"
 * here first makes every ampersand such an entity, which xmlbuilder2 then leaves alone; it
 * escapes "<" and ">" itself (so "]]>" cannot end anything either). A raw CR would come back
 * as LF (XML parsers normalise line ends), so it is written as the reference &#13;.
 */
export function exactXmlText(text: string): string {
  return replaceInvalidXmlChars(text).replace(/&/g, '&amp;').replace(/\r/g, '&#13;');
}

// Anything escapedXmlText would change: markup, ampersands, CR, the characters XML cannot carry,
// and any surrogate (a paired one is checked by the full rule). Most texts hold none of them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPING = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/**
 * The element text that an XML parser reads back as exactly `text` (exactXmlText, with < and >
 * escaped as xmlbuilder2 escaped them), for the writers that write XML as text. A text with
 * nothing to escape is returned as it is, without running the replacements.
 */
export function escapedXmlText(text: string): string {
  return NEEDS_ESCAPING.test(text) ? exactXmlText(text).replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
}
