// One spelling of a URL for comparing a page's link with the registry's address: scheme and host
// in lower case (the URL parser does that, and drops a default port), no fragment, no trailing
// slash, and each path segment percent-encoded one way (Unicode in composed form), so '/artist/Jane Doe',
// '/artist/Jane%20Doe' and '/artist/Jane%20Doe/' compare equal while 'AC%2FDC' stays one segment.

function normaliseSegment(segment: string): string {
  try {
    // NFC: 'é' typed as e + combining accent is the same name to a person, and to the artist page.
    return encodeURIComponent(decodeURIComponent(segment).normalize('NFC'));
  } catch {
    return segment; // broken percent-encoding: compared as written
  }
}

/** `raw` resolved against `base`, in the comparable spelling; null when it is not an http(s) URL. */
export function normaliseLink(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.split('/').map(normaliseSegment).join('/').replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path || '/'}${url.search}`;
}
