// "Check again" on the manage page (issue 33): queues a new check of the work's links, then waits
// (a few seconds) for the new states.
import type { ManagedWork } from '#core/api/manage';
import { MESSAGES } from '#core/messages';
import { checkLinksAgain, listManagedWorks } from '../../lib/manageApi';

const POLLS = 15;
const POLL_INTERVAL_MS = 1_000;

/**
 * Whether every link of `work` was checked since `before` (the states as the press found them):
 * compared with the server's own times, so the visitor's clock does not matter.
 */
function checkedAgain(work: ManagedWork, before: ManagedWork): boolean {
  return work.link_proofs.every((p) => {
    const previous = before.link_proofs.find((b) => b.url === p.url)?.checked_at ?? null;
    return p.checked_at !== null && (previous === null || Date.parse(p.checked_at) > Date.parse(previous));
  });
}

/** Queues the check, then polls the list until the work's links were all checked again. */
export async function checkAgain(work: ManagedWork): Promise<ManagedWork> {
  const before = await checkLinksAgain(work.id);
  let latest = before;
  for (let i = 0; i < POLLS; i++) {
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    latest = (await listManagedWorks()).works.find((w) => w.id === work.id) ?? latest;
    if (checkedAgain(latest, before)) return latest;
  }
  throw new Error(MESSAGES.manageLinksStillChecking.description);
}
