// Limits of the guarded fetcher and of back-link detection (issue 33, decision 0060). Pure data,
// shared with the browser so the texts that quote them (core/link-proof-texts.ts) cannot drift from
// what the server enforces.

export const LINK_FETCH_LIMITS = {
  /** Redirects followed per fetch; the next one is refused, each target checked again. */
  maxRedirects: 3,
  /** Bytes of a page read at most: a profile page that links back fits many times over. */
  maxBytes: 1024 * 1024,
  /** One fetch, redirects, headers and body included, must be done within this. */
  timeoutMs: 5_000,
  /** Fetches under way to one host at once: we are a polite visitor, not a load test. */
  perHostConcurrency: 2,
  /** Fetches under way at once in one process, whatever the hosts. */
  globalConcurrency: 8,
} as const;

export const BACKLINK_PARSE_LIMITS = {
  /**
   * Tags of a page given to the HTML parser; the rest is cut off. Building the tree runs on the
   * server's thread, and hostile nesting makes it slow (20,000 nested tags take about half a
   * second on a busy 2-core machine), so this bounds it; profile pages have far fewer.
   */
  maxTags: 20_000,
  /** Elements and text nodes looked at; a page past this is 'too complex', not searched further. */
  maxNodes: 50_000,
  /** Nesting depth looked into; deeper nodes are skipped (hostile pages nest without end). */
  maxDepth: 256,
} as const;

export const LINK_PROOF_LIMITS = {
  /** Links of one work checked per job: more than a work can hold, a bound whatever is stored. */
  linksPerWork: 20,
  /** The periodic re-check takes this many links checked longest ago each hour. */
  recheckBatch: 200,
  /** A link is checked again after this many days, proven or not. */
  recheckAfterDays: 7,
  /** "Check again" for one work is accepted at most once in this many seconds. */
  checkAgainCooldownSeconds: 30,
} as const;
