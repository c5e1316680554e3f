// When background work that people are not waiting on at this moment runs (decision 0074): while
// the server processes registrations' images it waits for a quiet moment, never longer than its
// kind's bound after it was queued. Shared so the pages that say "usually within…" quote these.

export const BACKGROUND_YIELD = {
  /** The work starts once the server has processed no image for this long: registrations come first. */
  quietMs: 1_000,
  /** How often waiting work looks again. */
  pollMs: 200,
} as const;

/** The longest each kind waits for a quiet moment after it was queued, however busy the server stays. */
export const BACKGROUND_MAX_WAIT_MS = {
  /** A link check: the receipt and manage page show "pending" meanwhile. */
  linkCheck: 120_000,
  /** An e-mail (verification, manage link, watch): people wait for these, so a shorter bound. */
  mail: 30_000,
} as const;
