// The witness policy of a --site registry, pinned on first use like its key (decision 0057). A
// policy fetched on every run would let a site that starts serving a policy without witnesses
// turn the witness check off for everyone; pinned, a changed policy is refused until the user
// re-pins it deliberately with --repin-policy.
import { POLICY_MAX_BYTES } from '../../core/tlog-policy';
import { pinPolicy, readPinnedKey } from './known-logs';
import { parsedPolicy, POLICY_PATH, PolicyProblem, type SourcedPolicy } from './trusted-policies';

const FETCH_TIMEOUT_MS = 15_000;

/** The site's policy cannot be trusted: nothing is verified (exit 1). */
export class PolicyRefusal extends Error {}

type Served = { text: string } | { missing: true } | { unreachable: string };

async function fetchPolicy(origin: string): Promise<Served> {
  const url = `${origin}${POLICY_PATH}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'text/plain' } });
  } catch (err) {
    // fetch() says only 'fetch failed'; the reason (e.g. ECONNREFUSED) is in its cause.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { unreachable: [(err as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ') };
  }
  if (res.status === 404) return { missing: true };
  const body = await res.text();
  if (!res.ok) return { unreachable: `${url} answered ${res.status}` };
  if (body.length > POLICY_MAX_BYTES) throw new PolicyProblem(`${url} answered more than ${POLICY_MAX_BYTES} bytes`);
  return { text: body };
}

export interface SitePolicyOptions {
  origin: string;
  /** known-logs.json */
  file: string;
  repin: boolean;
  say: (line: string) => void;
  now: Date;
}

function changedMessage(origin: string, file: string, pinnedAt: string): string {
  return [
    `${origin} now serves another witness policy than the one pinned for it on ${pinnedAt}.`,
    'Nothing was verified. A changed policy can switch off the witness check, which is what stops a',
    'log from showing you a forked history, so it is never taken over silently.',
    `If the registry announced the change through another channel, read the new policy at ${origin}${POLICY_PATH},`,
    'then run again with --repin-policy to pin it.',
    `(The pinned one is kept in ${file}.)`,
  ].join('\n');
}

/**
 * The policy to enforce for the site: the pinned one, or, on first use (or with --repin-policy),
 * the one it serves now, pinned. Undefined when there is none to enforce. Throws PolicyRefusal
 * when the site serves another policy than the pinned one.
 */
export async function sitePolicy({ origin, file, repin, say, now }: SitePolicyOptions): Promise<SourcedPolicy | undefined> {
  const pinned = await readPinnedKey(file, origin);
  const served = await fetchPolicy(origin);
  const source = `pinned for ${origin}`;

  if (pinned?.policy !== undefined && !repin) {
    const pinnedAt = pinned.policy_pinned_at ?? pinned.pinned_at;
    if ('text' in served && served.text !== pinned.policy) throw new PolicyRefusal(changedMessage(origin, file, pinnedAt));
    if ('unreachable' in served) {
      say(`! Could not fetch the witness policy of ${origin} (${served.unreachable}); using the one pinned for it on ${pinnedAt}.`);
    } else if ('missing' in served) {
      say(`! ${origin} no longer publishes a witness policy; using the one pinned for it on ${pinnedAt}.`);
    }
    return parsedPolicy(pinned.policy, source);
  }

  if ('unreachable' in served) {
    if (repin) throw new PolicyRefusal(`Cannot re-pin the witness policy of ${origin}: ${served.unreachable}.`);
    say(`! Could not fetch the witness policy of ${origin} (${served.unreachable}), and none is pinned for it.`);
    return undefined;
  }
  if ('missing' in served) {
    if (repin) throw new PolicyRefusal(`Cannot re-pin the witness policy of ${origin}: it publishes none at ${POLICY_PATH}.`);
    return undefined;
  }
  // Parsed before pinning: a malformed policy is never kept.
  const policy = await parsedPolicy(served.text, `published at ${origin}${POLICY_PATH}`);
  await pinPolicy(file, origin, served.text, now);
  const rule = `! ${'='.repeat(76)}`;
  say(rule);
  say(`! WITNESS POLICY ${repin ? 'RE-PINNED' : 'PINNED ON FIRST USE'}: from now on, checkpoints of ${origin} must meet`);
  say(`! the policy it served at ${origin}${POLICY_PATH}, saved in ${file}.`);
  say('! A later change of that policy is refused until you re-pin it with --repin-policy.');
  say(rule);
  return { ...policy, source };
}
