// C2SP tlog-policy (https://c2sp.org/tlog-policy): which log keys and witnesses a verifier
// trusts, and the quorum of witness cosignatures a checkpoint needs to be believed.
//
//   log <vkey> [<url>]
//   witness <name> <vkey> [<url>]
//   group <name> (all | any | <k>) <name>...
//   quorum <name | none>
//
// Shared by the server (which publishes its policy at /log/policy), `npm run verify` and the
// web verifier. WebCrypto only.
import { parseWitnessKey, verifyCosignature, type WitnessKey } from './tlog-cosignature';
import { parseVerifierKey, verifyCheckpointSignature } from './tlog-verify';

/** Budgets before and while parsing (the spec recommends supporting at least 32 of each). */
export const POLICY_MAX_BYTES = 64 * 1024;
const MAX_LOGS = 32;
const MAX_WITNESSES = 32;
const MAX_GROUPS = 32;

export interface PolicyWitness {
  name: string;
  key: WitnessKey;
  url?: string;
}

export interface PolicyGroup {
  name: string;
  threshold: number;
  members: string[];
}

export interface TlogPolicy {
  logs: { vkey: string; url?: string }[];
  witnesses: PolicyWitness[];
  groups: PolicyGroup[];
  /** A witness or group name, or 'none'. */
  quorum: string;
}

export interface PolicyCheck {
  /** The checkpoint is signed by one of the policy's logs. */
  logSigned: boolean;
  /** Names of the witnesses whose cosignature on the checkpoint verifies. */
  cosignedBy: string[];
  quorumMet: boolean;
  /** The quorum rule in words, e.g. 'cosignatures from 2 of 3 witnesses (a, b, c)'. */
  quorumText: string;
}

export class PolicyError extends Error {}

const fail = (lineNo: number, message: string): never => {
  throw new PolicyError(`policy line ${lineNo}: ${message}`);
};

/** Parses a policy file; throws PolicyError naming the line when it is not a valid policy. */
export async function parsePolicy(text: string): Promise<TlogPolicy> {
  if (text.length > POLICY_MAX_BYTES) throw new PolicyError(`policy is larger than ${POLICY_MAX_BYTES} bytes`);
  // Only tab and newline among the control characters (the spec's character set).
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a) || c === 0x7f) throw new PolicyError('policy contains control characters');
  }
  const policy: TlogPolicy = { logs: [], witnesses: [], groups: [], quorum: '' };
  const names = new Set<string>(['none']);
  const publicKeys = new Set<string>();
  let quorumSeen = false;

  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const words = lines[i].split(/[ \t]+/).filter((w) => w !== '');
    if (words.length === 0 || words[0].startsWith('#')) continue;
    const [keyword, ...args] = words;
    switch (keyword) {
      case 'log': {
        if (args.length < 1 || args.length > 2) fail(lineNo, 'expected: log <vkey> [<url>]');
        let key;
        try {
          key = await parseVerifierKey(args[0]);
        } catch (err) {
          return fail(lineNo, (err as Error).message);
        }
        const raw = Array.from(key.publicKey).join(',');
        if (publicKeys.has(raw)) fail(lineNo, 'duplicate key');
        publicKeys.add(raw);
        policy.logs.push({ vkey: args[0], ...(args[1] ? { url: args[1] } : {}) });
        if (policy.logs.length > MAX_LOGS) fail(lineNo, `more than ${MAX_LOGS} logs`);
        break;
      }
      case 'witness': {
        if (args.length < 2 || args.length > 3) fail(lineNo, 'expected: witness <name> <vkey> [<url>]');
        if (names.has(args[0])) fail(lineNo, `name '${args[0]}' is already defined`);
        let key: WitnessKey;
        try {
          key = await parseWitnessKey(args[1]);
        } catch (err) {
          return fail(lineNo, (err as Error).message);
        }
        const raw = Array.from(key.publicKey).join(',');
        if (publicKeys.has(raw)) fail(lineNo, 'duplicate key');
        publicKeys.add(raw);
        names.add(args[0]);
        policy.witnesses.push({ name: args[0], key, ...(args[2] ? { url: args[2] } : {}) });
        if (policy.witnesses.length > MAX_WITNESSES) fail(lineNo, `more than ${MAX_WITNESSES} witnesses`);
        break;
      }
      case 'group': {
        if (args.length < 3) fail(lineNo, 'expected: group <name> (all | any | <k>) <name>...');
        const [name, rule, ...members] = args;
        if (names.has(name)) fail(lineNo, `name '${name}' is already defined`);
        if (new Set(members).size !== members.length) fail(lineNo, 'a member is listed twice');
        for (const m of members) if (m === 'none' || !names.has(m)) fail(lineNo, `'${m}' is not a witness or group defined above`);
        let threshold: number;
        if (rule === 'all') threshold = members.length;
        else if (rule === 'any') threshold = 1;
        else if (/^[1-9]\d*$/.test(rule) && Number(rule) <= members.length) threshold = Number(rule);
        else return fail(lineNo, `threshold must be all, any or a number from 1 to ${members.length}`);
        names.add(name);
        policy.groups.push({ name, threshold, members });
        if (policy.groups.length > MAX_GROUPS) fail(lineNo, `more than ${MAX_GROUPS} groups`);
        break;
      }
      case 'quorum': {
        if (quorumSeen) fail(lineNo, 'a policy has exactly one quorum line');
        if (args.length !== 1) fail(lineNo, 'expected: quorum <name>');
        if (!names.has(args[0])) fail(lineNo, `'${args[0]}' is not a witness or group defined above`);
        policy.quorum = args[0];
        quorumSeen = true;
        break;
      }
      default:
        fail(lineNo, `unknown keyword '${keyword}'`);
    }
  }
  if (!quorumSeen) throw new PolicyError('policy has no quorum line');
  return policy;
}

function quorumMet(policy: TlogPolicy, name: string, cosigned: Set<string>): boolean {
  if (name === 'none') return true;
  if (policy.witnesses.some((w) => w.name === name)) return cosigned.has(name);
  const group = policy.groups.find((g) => g.name === name);
  if (!group) return false;
  return group.members.filter((m) => quorumMet(policy, m, cosigned)).length >= group.threshold;
}

function describe(policy: TlogPolicy, name: string): string {
  if (name === 'none') return 'no witness cosignatures';
  if (policy.witnesses.some((w) => w.name === name)) return `a cosignature from witness ${name}`;
  const group = policy.groups.find((g) => g.name === name)!;
  const n = group.members.length;
  const count = group.threshold === n ? `all ${n}` : `${group.threshold} of ${n}`;
  if (group.members.every((m) => policy.witnesses.some((w) => w.name === m))) {
    return `cosignatures from ${count} witnesses (${group.members.join(', ')})`;
  }
  return `${count} of: ${group.members.map((m) => describe(policy, m)).join('; ')}`;
}

/** Checks a checkpoint note against a policy: signed by a listed log, cosigned by a quorum. */
export async function checkPolicy(note: string, policy: TlogPolicy): Promise<PolicyCheck> {
  let logSigned = false;
  for (const log of policy.logs) {
    if (await verifyCheckpointSignature(note, log.vkey)) logSigned = true;
  }
  const cosignedBy: string[] = [];
  for (const witness of policy.witnesses) {
    if (await verifyCosignature(note, witness.key)) cosignedBy.push(witness.name);
  }
  return {
    logSigned,
    cosignedBy,
    quorumMet: quorumMet(policy, policy.quorum, new Set(cosignedBy)),
    quorumText: describe(policy, policy.quorum),
  };
}

/** The policy a log publishes: its key, its witnesses, and a quorum of `quorum` of them. */
export function formatPolicy(
  log: { vkey: string; url?: string },
  witnesses: { vkey: string; url?: string }[],
  quorum: number,
): string {
  const nameOf = (vkey: string) => vkey.slice(0, vkey.indexOf('+'));
  const lines = [`log ${log.vkey}${log.url ? ` ${log.url}` : ''}`];
  for (const w of witnesses) lines.push(`witness ${nameOf(w.vkey)} ${w.vkey}${w.url ? ` ${w.url}` : ''}`);
  if (witnesses.length === 0 || quorum === 0) lines.push('quorum none');
  else if (witnesses.length === 1) lines.push(`quorum ${nameOf(witnesses[0].vkey)}`);
  else {
    lines.push(`group witness-quorum ${quorum} ${witnesses.map((w) => nameOf(w.vkey)).join(' ')}`);
    lines.push('quorum witness-quorum');
  }
  return `${lines.join('\n')}\n`;
}
