// Every page route of docs/product.md §2. The server answers 200 with the app for these and 404 for
// anything else; the web router defines the same paths.
export const STATIC_PAGE_PATHS = [
  '/',
  '/features',
  '/implementation',
  '/ledger',
  '/about',
  '/removal-request',
  '/fast-submit',
  '/fast-submit/batch',
  '/compliance',
  '/api/docs',
  '/terms',
  '/privacy',
  '/lookup',
  '/verify-proof',
  '/manage',
  // The pages e-mailed confirmation links open (CONFIRM_PAGES in constants.ts).
  '/confirm-email',
  '/watch/confirm',
  '/co-author/confirm',
  '/admin',
  '/admin/removal-requests',
  '/admin/deleted-submissions',
  '/admin/audit-log',
  '/admin/jobs',
  '/admin/webhooks',
] as const;

/**
 * Pages whose path carries a parameter: /verify/{id} and /artist/{artistName}. Matched against
 * the path as sent, still percent-encoded: the web app writes a name with encodeURIComponent, so
 * 'AC/DC' arrives as one segment 'AC%2FDC' (decoding first would split it into two).
 */
export const PARAM_PAGE_PATTERNS = {
  verify: /^\/verify\/([^/]+)\/?$/,
  artist: /^\/artist\/([^/]+)\/?$/,
} as const;

export type ParamPage = keyof typeof PARAM_PAGE_PATTERNS;

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The decoded parameter of a parameter page, or null when the path is not that page (or its
 * percent-encoding is broken): pageParam('artist', '/artist/AC%2FDC%20%231') → 'AC/DC #1'.
 */
export function pageParam(page: ParamPage, rawPathname: string): string | null {
  const match = PARAM_PAGE_PATTERNS[page].exec(rawPathname);
  return match ? decodeOrNull(match[1]) : null;
}

/** `rawPathname` is the path as sent, before percent-decoding (see PARAM_PAGE_PATTERNS). */
export function isKnownPagePath(rawPathname: string): boolean {
  const decoded = decodeOrNull(rawPathname);
  if (decoded === null) return false;
  const normalised = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
  return (
    (STATIC_PAGE_PATHS as readonly string[]).includes(normalised) ||
    (Object.keys(PARAM_PAGE_PATTERNS) as ParamPage[]).some((page) => pageParam(page, rawPathname) !== null)
  );
}
