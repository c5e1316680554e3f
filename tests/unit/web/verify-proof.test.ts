// The proof page's in-browser log check (web/src/lib/verifyProof.ts), run against a two-leaf log
// built and signed here with node:crypto, independently of the server's log code. fetch is
// replaced by a tiny router that serves this log's proof and key.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkWorkInLog, inclusionVerifiedText, leafMismatchReasons } from '../../../web/src/lib/verifyProof';

const ORIGIN = 'example.test/log';
const WORK = {
  id: '3f1c2a9e-1b2c-4d5e-8f90-123456789abc',
  registry_id: 'VW-2026-000001',
  image_hash: 'ab'.repeat(32),
  log_index: 0,
};
const OTHER_ID = '99999999-1b2c-4d5e-8f90-123456789abc';

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafJson = (submissionId: string, imageHash: string, event = 'created') =>
  JSON.stringify({
    event,
    image_sha256: imageHash,
    registry_id: 'VW-2026-000001',
    submission_id: submissionId,
    time: '2026-01-01T00:00:00.000Z',
  });
const leafHash = (json: string) => sha256(Buffer.from([0]), Buffer.from(json, 'utf8'));

function rawPublicKey(key: KeyObject): Buffer {
  // The last 32 bytes of the SPKI DER encoding are the Ed25519 public key.
  return key.export({ type: 'spki', format: 'der' }).subarray(-32);
}

/** A C2SP checkpoint of the given root, signed by a fresh Ed25519 key, and that key's vkey. */
function signedLog(root: Buffer, size: number) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const encodedKey = Buffer.concat([Buffer.from([1]), rawPublicKey(publicKey)]);
  const keyId = sha256(Buffer.from(`${ORIGIN}\n`), encodedKey).subarray(0, 4);
  const body = `${ORIGIN}\n${size}\n${root.toString('base64')}\n`;
  const signature = sign(null, Buffer.from(body), privateKey);
  const checkpoint = `${body}\n\u2014 ${ORIGIN} ${Buffer.concat([keyId, signature]).toString('base64')}\n`;
  return { checkpoint, vkey: `${ORIGIN}+${keyId.toString('hex')}+${encodedKey.toString('base64')}` };
}

/** Leaf 0 = this work's registration, leaf 1 = another work's; the proof for `index`. */
function twoLeafLog(index: 0 | 1) {
  const jsons = [leafJson(WORK.id, WORK.image_hash), leafJson(OTHER_ID, 'cd'.repeat(32))];
  const leaves = jsons.map(leafHash);
  const root = sha256(Buffer.from([1]), leaves[0], leaves[1]);
  const { checkpoint, vkey } = signedLog(root, 2);
  const proof = {
    leaf_index: index,
    tree_size: 2,
    leaf_hash: leaves[index].toString('hex'),
    leaf_canonical_json: jsons[index],
    hashes: [leaves[1 - index].toString('hex')],
    checkpoint,
  };
  return { proof, vkey };
}

function serve(routes: { proof?: unknown; vkey?: string; status?: number }) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (routes.status) return new Response('{"error":{"code":"x","message":"Server unavailable"}}', { status: routes.status });
    if (url.startsWith('/api/log/proof/inclusion?id=')) return new Response(JSON.stringify(routes.proof), { status: 200 });
    if (url === '/api/log/key') return new Response(routes.vkey, { status: 200 });
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('inclusionVerifiedText', () => {
  it('names the log entry by its leaf index, as every page and report does', () => {
    expect(inclusionVerifiedText(0)).toBe('Included in the public log as log entry #0, verified in your browser');
    expect(inclusionVerifiedText(63)).toBe('Included in the public log as log entry #63, verified in your browser');
  });
});

describe('checkWorkInLog', () => {
  it("verifies this work's signed inclusion proof", async () => {
    const { proof, vkey } = twoLeafLog(0);
    serve({ proof, vkey });
    const result = await checkWorkInLog(WORK);
    expect(result).toMatchObject({ state: 'verified', leafIndex: 0, treeSize: 2, origin: ORIGIN, checkpoint: proof.checkpoint });
  });

  it("rejects a valid proof of another work's leaf", async () => {
    const { proof, vkey } = twoLeafLog(1);
    serve({ proof, vkey });
    const result = await checkWorkInLog(WORK);
    expect(result.state).toBe('failed');
    expect(result.state === 'failed' && result.reasons).toEqual([
      `The log entry names submission ${OTHER_ID}, not ${WORK.id}`,
      'The image SHA-256 in the log entry differs from the one on this page',
      'The proof is for log entry #1, but this work is recorded as log entry #0',
    ]);
  });

  it('rejects a checkpoint signed by a key other than the published one', async () => {
    const { proof } = twoLeafLog(0);
    const { vkey: otherKey } = twoLeafLog(0);
    serve({ proof, vkey: otherKey });
    const result = await checkWorkInLog(WORK);
    expect(result.state).toBe('failed');
    expect(result.state === 'failed' && result.reasons.join('\n')).toMatch(/^Checkpoint is not validly signed by the log key/);
  });

  it('rejects a proof whose sibling hash was tampered with', async () => {
    const { proof, vkey } = twoLeafLog(0);
    serve({ proof: { ...proof, hashes: ['00'.repeat(32)] }, vkey });
    const result = await checkWorkInLog(WORK);
    expect(result).toEqual({ state: 'failed', reasons: ['Inclusion proof for leaf 0 does not lead to the checkpoint root hash'] });
  });

  it('reports a work without a log entry as not logged, without asking the server', async () => {
    const fetchStub = serve({});
    expect(await checkWorkInLog({ ...WORK, log_index: null })).toEqual({ state: 'not-logged' });
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("reports the server's message when the proof cannot be loaded", async () => {
    serve({ status: 503 });
    expect(await checkWorkInLog(WORK)).toEqual({ state: 'unavailable', message: 'Server unavailable' });
  });
});

describe('leafMismatchReasons', () => {
  it('accepts the registration entry of this work', () => {
    expect(leafMismatchReasons(leafJson(WORK.id, WORK.image_hash.toUpperCase()), 0, WORK)).toEqual([]);
  });

  it('refuses an entry that records a later event instead of the registration', () => {
    expect(leafMismatchReasons(leafJson(WORK.id, WORK.image_hash, 'soft_deleted'), 0, WORK)).toEqual([
      "The log entry records a 'soft_deleted' event, not the registration",
    ]);
  });

  it('refuses a missing or unreadable entry', () => {
    expect(leafMismatchReasons(undefined, 0, WORK)).toEqual([
      'The server did not send the log entry, so it cannot be matched to this work',
    ]);
    expect(leafMismatchReasons('not json', 0, WORK)).toEqual(['The log entry is not valid JSON']);
  });
});
