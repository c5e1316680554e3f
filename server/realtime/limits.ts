// Limits of the live-update streams (GET /api/events). A stream stays open for as long as the
// page does, so places are counted while open, not per request like the rate limits.
export const SSE_LIMITS = {
  /** Open streams one process keeps; past this, new clients get 503 and their EventSource retries. */
  maxClients: 5_000,
  /** Open streams one client address may hold, unless SSE_MAX_PER_IP says otherwise. */
  defaultMaxPerAddress: 10,
  /** Retry-After for a refused stream; a place frees whenever any stream closes. */
  retryAfterSeconds: 30,
} as const;
