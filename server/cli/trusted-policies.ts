// Which C2SP tlog-policies `npm run verify` enforces: every one it is given. A policy can only add
// requirements (the checkpoint must carry a quorum of witness cosignatures), so all apply:
//
//   --policy <file>   a policy file the user trusts
//   --site <URL>      the policy the registry publishes at <site>/log/policy, when it has one
//   the bundle        the policy the registry put in proof.json when it issued the bundle
//
// A policy must list the trusted log key: one that does not describes another log.
import { readFile } from 'node:fs/promises';
import { parsePolicy, POLICY_MAX_BYTES, type TlogPolicy } from '../../core/tlog-policy';

export const POLICY_PATH = '/log/policy';
const FETCH_TIMEOUT_MS = 15_000;

export interface SourcedPolicy {
  policy: TlogPolicy;
  /** Where it came from, for messages. */
  source: string;
}

export class PolicyProblem extends Error {}

async function parsed(text: string, source: string): Promise<SourcedPolicy> {
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
  return parsed(text, `in ${file}`);
}

export function policyFromBundle(text: string): Promise<SourcedPolicy> {
  return parsed(text, 'in the bundle');
}

/** The site's published policy; undefined when it publishes none (404). Throws when unreachable. */
export async function policyFromSite(site: string): Promise<SourcedPolicy | undefined> {
  const url = `${new URL(site).origin}${POLICY_PATH}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'text/plain' } });
  if (res.status === 404) return undefined;
  const body = await res.text();
  if (!res.ok) throw new PolicyProblem(`${url} answered ${res.status}`);
  if (body.length > POLICY_MAX_BYTES) throw new PolicyProblem(`${url} answered more than ${POLICY_MAX_BYTES} bytes`);
  return parsed(body, `published at ${url}`);
}
