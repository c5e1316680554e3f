// A receipt's link states, kept live (issue 33): the link checks run in the background on the job
// queue, so a receipt asks the public record again, soon at first and then less and less often,
// and never more often than the read budget allows for the number of works it follows (a batch
// follows up to 50). Pure functions, so the schedule is tested without a browser.
import { proofPath } from '#core/ids';
import { backlinkSnippet, type LinkProof } from '#core/api/link-proofs';

export const LINK_POLL = {
  /** The first look, one second after the receipt opens: a check usually ends within seconds. */
  firstMs: 1_000,
  /** The slowest pace: after a Check again on the manage page, the receipt shows it within this. */
  maxMs: 15_000,
  /** All the receipt's works together ask at most this often on average (reads are limited per address). */
  requestsPerSecond: 2,
  /** Then the receipt stops asking (about 15 minutes): a reload or coming back to the tab asks again. */
  maxLooks: 60,
} as const;

/**
 * The wait before look number `looks` + 1 at one of `works` works (each asked on its own), or false
 * once the receipt has looked long enough: doubling from firstMs up to maxMs, and never less than
 * the budget leaves each work.
 */
export function nextLinkPollDelay(looks: number, works = 1): number | false {
  if (looks >= LINK_POLL.maxLooks) return false;
  const backoff = Math.min(LINK_POLL.maxMs, LINK_POLL.firstMs * 2 ** Math.max(0, looks - 1));
  return Math.max(backoff, Math.ceil((Math.max(1, works) * 1_000) / LINK_POLL.requestsPerSecond));
}

/** Whether any link has not been proven yet (not checked yet, or not proven): the back-link is worth showing. */
export function needsBacklink(proofs: readonly LinkProof[]): boolean {
  return proofs.some((p) => p.state !== 'proven');
}

/**
 * The back-link a receipt offers: a link to the work's proof page by its Registry ID, which proves
 * the work whoever claimed the artist name (server/link-proofs/expected-links.ts); the site's
 * address is the one the server put in the receipt's verify_url ({site}/verify/{id}).
 */
export function receiptBacklink(work: { id: string; registry_id: string; verify_url: string }): string {
  const suffix = proofPath(work.id);
  const site = work.verify_url.endsWith(suffix) ? work.verify_url.slice(0, -suffix.length) : new URL(work.verify_url).origin;
  return backlinkSnippet(`${site}${proofPath(work.registry_id)}`);
}

/** Router state of the proof page the wizard opens after a registration: the page shows the receipt's links. */
export const JUST_REGISTERED = { registered: true } as const;

/** Whether a page's router state is JUST_REGISTERED (history state can hold anything). */
export function justRegistered(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { registered?: unknown }).registered === true;
}
