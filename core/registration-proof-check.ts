// The checks of a registration proof, in plain words, for the web verifier page (/verify-proof):
// a proof.json (or its JSON-LD export, or a C2SP tlog-proof) is checked against the log key and
// the witness policy the site publishes, never against the key or policy inside the bundle
// (anyone can put their own there). WebCrypto only, so it runs in the browser as in Node.
import { logEntryText, logSizeText } from './proof-text';
import { checkPolicy, parsePolicy } from './tlog-policy';
import { parseTlogProof, TLOG_PROOF_HEADER, TLOG_PROOF_MAX_BYTES } from './tlog-proof';
import { leafHashHex, parseCheckpointNote, verifyCheckpointSignature, verifyInclusionProof, type CheckpointNote } from './tlog-verify';

export type ProofCheckId = 'format' | 'entry' | 'inclusion' | 'signature' | 'witnesses' | 'image';

export interface ProofCheck {
  id: ProofCheckId;
  ok: boolean;
  /** One sentence for a person, e.g. 'The log's signature is valid.' */
  text: string;
}

export interface TrustAnchors {
  /** The log key the site publishes (GET /api/log/key). */
  vkey: string;
  /** The site's tlog-policy (GET /log/policy), when it publishes one. */
  policy?: string;
}

interface ProofParts {
  entry: string;
  leafHash: string;
  leafIndex: number;
  treeSize: number;
  hashes: string[];
  checkpoint: string;
}

/** Budget before parsing a dropped file. */
export const PROOF_FILE_MAX_BYTES = TLOG_PROOF_MAX_BYTES;

async function readParts(text: string): Promise<ProofParts> {
  if (text.length > PROOF_FILE_MAX_BYTES) throw new Error('it is too large to be a proof bundle.');
  if (text.startsWith(TLOG_PROOF_HEADER)) {
    const proof = parseTlogProof(text);
    if (!proof.extra) throw new Error('it carries no log entry.');
    const entry = new TextDecoder('utf-8', { fatal: true }).decode(proof.extra);
    const checkpoint = parseCheckpointNote(proof.checkpoint);
    return {
      entry,
      leafHash: await leafHashHex(entry),
      leafIndex: proof.index,
      treeSize: checkpoint.treeSize,
      hashes: proof.hashes,
      checkpoint: proof.checkpoint,
    };
  }
  const json: unknown = JSON.parse(text);
  const obj = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const b = ('leaf_hash' in obj ? obj : (obj.proof ?? {})) as Record<string, unknown>;
  if (
    typeof b.leaf_hash !== 'string' ||
    typeof b.leaf_canonical_json !== 'string' ||
    !Number.isSafeInteger(b.leaf_index) ||
    !Number.isSafeInteger(b.tree_size) ||
    !Array.isArray(b.hashes) ||
    !b.hashes.every((h) => typeof h === 'string') ||
    typeof b.checkpoint !== 'string'
  ) {
    throw new Error('it is not a proof bundle; use proof.json from the work’s downloads.');
  }
  return {
    entry: b.leaf_canonical_json,
    leafHash: b.leaf_hash.toLowerCase(),
    leafIndex: b.leaf_index as number,
    treeSize: b.tree_size as number,
    hashes: b.hashes as string[],
    checkpoint: b.checkpoint,
  };
}

function recordedImageHash(entry: string): string | undefined {
  try {
    const value = (JSON.parse(entry) as { image_sha256?: unknown }).image_sha256;
    return typeof value === 'string' ? value.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every check, in order; `imageSha256` (lowercase hex) is the hash of an image the person chose.
 * A bundle that cannot be read at all gives one failed 'format' check.
 */
export async function checkRegistrationProof(text: string, anchors: TrustAnchors, imageSha256?: string): Promise<ProofCheck[]> {
  let parts: ProofParts;
  let checkpoint: CheckpointNote;
  try {
    parts = await readParts(text);
    checkpoint = parseCheckpointNote(parts.checkpoint);
  } catch (err) {
    const message = err instanceof SyntaxError ? 'it is not valid JSON.' : (err as Error).message;
    return [{ id: 'format', ok: false, text: `The file cannot be read as a proof: ${message}` }];
  }
  const checks: ProofCheck[] = [];

  const computed = await leafHashHex(parts.entry);
  checks.push(
    computed === parts.leafHash
      ? { id: 'entry', ok: true, text: 'The registration record in the proof is intact (its fingerprint matches).' }
      : { id: 'entry', ok: false, text: 'The registration record in the proof was changed: its fingerprint no longer matches.' },
  );

  const included =
    checkpoint.treeSize === parts.treeSize &&
    (await verifyInclusionProof(
      { leaf_hash: computed, leaf_index: parts.leafIndex, tree_size: parts.treeSize, hashes: parts.hashes },
      checkpoint.rootHash,
    ));
  checks.push(
    included
      ? {
          id: 'inclusion',
          ok: true,
          text: `The record is ${logEntryText(parts.leafIndex)} in the public log; the proof’s checkpoint covers ${logSizeText(checkpoint.treeSize)}.`,
        }
      : { id: 'inclusion', ok: false, text: 'The record is not shown to be in the public log: the inclusion proof does not add up.' },
  );

  let signed = false;
  try {
    signed = await verifyCheckpointSignature(parts.checkpoint, anchors.vkey);
  } catch {
    checks.push({
      id: 'signature',
      ok: false,
      text: 'This browser cannot check Ed25519 signatures; use a current browser or the command-line check.',
    });
  }
  if (!checks.some((c) => c.id === 'signature')) {
    checks.push(
      signed
        ? { id: 'signature', ok: true, text: 'The log’s state is signed with this registry’s published key.' }
        : {
            id: 'signature',
            ok: false,
            text: 'The log’s state is NOT signed with this registry’s published key: the proof was not issued by this registry.',
          },
    );
  }

  if (anchors.policy !== undefined) {
    const policy = await parsePolicy(anchors.policy);
    if (policy.quorum !== 'none') {
      const result = await checkPolicy(parts.checkpoint, policy);
      const by = result.cosignedBy.length === 0 ? 'no independent witness' : result.cosignedBy.join(', ');
      checks.push(
        result.quorumMet
          ? {
              id: 'witnesses',
              ok: true,
              text: `Independent witnesses confirmed this log state (${by}), as the registry’s policy requires.`,
            }
          : {
              id: 'witnesses',
              ok: false,
              text:
                `Not enough independent witnesses confirmed this log state (confirmed by: ${by}; required: ${result.quorumText}). ` +
                'A proof downloaded right after registering may predate their confirmation: download it again in a few minutes.',
            },
      );
    }
  }

  if (imageSha256 !== undefined) {
    const recorded = recordedImageHash(parts.entry);
    checks.push(
      recorded === imageSha256.toLowerCase()
        ? { id: 'image', ok: true, text: 'Your image file is exactly the registered file.' }
        : { id: 'image', ok: false, text: 'Your image file is not the registered file (its SHA-256 differs).' },
    );
  }
  return checks;
}
