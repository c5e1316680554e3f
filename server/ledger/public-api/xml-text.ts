// Characters XML 1.0 forbids even when escaped: C0 controls other than tab, LF and CR,
// unpaired surrogates, and U+FFFE/U+FFFF. One of them in a title would make the whole
// document unparseable, so they are dropped (xmlbuilder2 does the same for the XML format).
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '');
}
