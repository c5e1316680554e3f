// Which C2SP tlog-policies `npm run verify` enforces: every one the user trusts. A policy can only
// add requirements (the checkpoint must carry a quorum of witness cosignatures), so all apply:
//
//   --policy-file <file>   a policy file the user trusts (--policy is the same option)
//   --site <URL>           the policy the registry published at <site>/log/policy on first use,
//                          pinned with its key (site-policy.ts)
//
// Never the policy inside the bundle: whoever hands over a bundle for a forked checkpoint hands
// over a policy that asks for no witnesses along with it (decision 0057). A policy must list the
// trusted log key: one that does not describes another log.
import { readFile } from 'node:fs/promises';
import { parsePolicy, type TlogPolicy } from '../../core/tlog-policy';

export const POLICY_PATH = '/log/policy';

export interface SourcedPolicy {
  policy: TlogPolicy;
  /** Where it came from, for messages. */
  source: string;
}

export class PolicyProblem extends Error {}

export async function parsedPolicy(text: string, source: string): Promise<SourcedPolicy> {
  try {
    return { policy: await parsePolicy(text), source };
  } catch (err) {
    throw new PolicyProblem(`The policy ${source} is not a valid C2SP tlog-policy: ${(err as Error).message}`);
  }
}

export async function policyFromFile(file: string): Promise<SourcedPolicy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new PolicyProblem(`Cannot read the policy file ${file}: ${(err as Error).message}`);
  }
  return parsedPolicy(text, `in ${file}`);
}

/** Printed, and counted as a failed check, when no policy is in force and --no-witnesses was not given. */
export function noPolicyMessage(bundleHasPolicy: boolean): string[] {
  return [
    'WITNESSES NOT CHECKED: no witness policy is trusted, so nothing shows that this checkpoint is the',
    '  one history everybody else sees. Whoever holds the log key can sign a forked log that hides or adds',
    '  entries; only witness cosignatures rule that out.',
    ...(bundleHasPolicy ? ['  The bundle carries a policy, but a bundle vouches for nothing about itself, so it is not used.'] : []),
    '  Give the registry policy you trust with --policy-file <file> (the registry publishes it at',
    `  <site URL>${POLICY_PATH}), or use --site <site URL>, which pins it on first use.`,
    '  To check without witnesses anyway, add --no-witnesses.',
  ];
}
