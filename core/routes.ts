// Every page route of SPEC §2. The server answers 200 with the app for these and 404 for
// anything else; the web router defines the same paths.
export const STATIC_PAGE_PATHS = [
  '/',
  '/features',
  '/implementation',
  '/ledger',
  '/about',
  '/removal-request',
  '/fast-submit',
  '/compliance',
  '/api/docs',
  '/terms',
  '/privacy',
  '/lookup',
  '/admin',
  '/admin/removal-requests',
  '/admin/deleted-submissions',
  '/admin/audit-log',
] as const;

/** Pages whose path carries a parameter: /verify/{id} and /artist/{artistName}. */
export const PARAM_PAGE_PATTERNS = {
  verify: /^\/verify\/([^/]+)\/?$/,
  artist: /^\/artist\/([^/]+)\/?$/,
} as const;

export function isKnownPagePath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (STATIC_PAGE_PATHS as readonly string[]).includes(normalised) ||
    Object.values(PARAM_PAGE_PATTERNS).some((re) => re.test(pathname))
  );
}
