// C2SP tlog-policy, tlog-cosignature and tlog-proof in core/ (shared by the CLI and the web
// verifier): parsing, quorum rules, cosignatures made with Node's Ed25519, proof round trip.
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cosignedMessage,
  formatCosignatureLine,
  formatWitnessKey,
  parseWitnessKey,
  verifyCosignature,
} from '../../../core/tlog-cosignature';
import { checkPolicy, formatPolicy, parsePolicy } from '../../../core/tlog-policy';
import { formatTlogProof, parseTlogProof } from '../../../core/tlog-proof';
import { checkRegistrationProof } from '../../../core/registration-proof-check';
import { leafHashHex } from '../../../core/tlog-verify';
import { signCheckpoint } from '../../../server/tlog/checkpoint';
import { createSigner, generateKeyPair } from '../../../server/tlog/keys';

const log = createSigner('log.test/log', generateKeyPair());
const note = signCheckpoint({ origin: 'log.test/log', treeSize: 3, rootHash: new Uint8Array(32).fill(7) }, log);

async function witness(name: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'));
  const key = await parseWitnessKey(await formatWitnessKey(name, raw));
  const cosign = (checkpoint: string, time = 1_700_000_000) => {
    const body = checkpoint.slice(0, checkpoint.indexOf('\n\n') + 1);
    return formatCosignatureLine(key, time, sign(null, cosignedMessage(body, time), privateKey));
  };
  return { key, cosign };
}

describe('tlog-policy', () => {
  it('meets a 2-of-3 quorum with two valid cosignatures and not with one', async () => {
    const [a, b, c] = await Promise.all([witness('a.test'), witness('b.test'), witness('c.test')]);
    const policy = await parsePolicy(
      formatPolicy(
        { vkey: log.vkey },
        [a.key, b.key, c.key].map((k) => ({ vkey: k.vkey })),
        2,
      ),
    );
    const two = note + a.cosign(note) + c.cosign(note);
    expect(await checkPolicy(two, policy)).toEqual({
      logSigned: true,
      cosignedBy: ['a.test', 'c.test'],
      quorumMet: true,
      quorumText: 'cosignatures from 2 of 3 witnesses (a.test, b.test, c.test)',
    });
    expect((await checkPolicy(note + b.cosign(note), policy)).quorumMet).toBe(false);
  });

  it('does not count a cosignature of another checkpoint, and reads its timestamp', async () => {
    const a = await witness('a.test');
    const other = signCheckpoint({ origin: 'log.test/log', treeSize: 3, rootHash: new Uint8Array(32).fill(8) }, log);
    expect(await verifyCosignature(note + a.cosign(other), a.key)).toBeNull();
    expect(await verifyCosignature(note + a.cosign(note, 1_234), a.key)).toEqual({ timestamp: 1_234 });
  });

  it('refuses malformed policies, naming the line', async () => {
    const a = await witness('a.test');
    await expect(parsePolicy(`log ${log.vkey}\n`)).rejects.toThrow('policy has no quorum line');
    await expect(parsePolicy(`witness a ${a.key.vkey}\ngroup g 3 a\nquorum g\n`)).rejects.toThrow(
      'policy line 2: threshold must be all, any or a number from 1 to 1',
    );
    await expect(parsePolicy('quorum missing\n')).rejects.toThrow("policy line 1: 'missing' is not a witness or group defined above");
    await expect(parsePolicy(`witness a ${log.vkey}\nquorum a\n`)).rejects.toThrow(
      'policy line 1: witness key is not a timestamped Ed25519',
    );
    expect((await parsePolicy('# comment\n  quorum none\n')).quorum).toBe('none');
  });
});

describe('tlog-proof', () => {
  it('round-trips index, hashes, extra data and the checkpoint', () => {
    const proof = {
      extra: new TextEncoder().encode('{"a":1}'),
      index: 2,
      hashes: ['00'.repeat(32), 'ff'.repeat(32)],
      checkpoint: note,
    };
    const text = formatTlogProof(proof);
    expect(text.startsWith('c2sp.org/tlog-proof@v1\nextra eyJhIjoxfQ==\nindex 2\nAAAA')).toBe(true);
    expect(parseTlogProof(text)).toEqual(proof);
    expect(() => parseTlogProof(text.replace('index 2', 'index 02'))).toThrow("expected the line 'index <leaf index>'");
  });
});

describe('the browser check of a downloaded proof (core/registration-proof-check.ts)', () => {
  it('passes a one-leaf bundle cosigned by the quorum, and names the missing witnesses when a cosignature is stripped', async () => {
    const [a, b] = await Promise.all([witness('a.test'), witness('b.test')]);
    const entry = JSON.stringify({ image_sha256: 'ab'.repeat(32) });
    const leafHash = await leafHashHex(entry);
    const checkpoint = signCheckpoint({ origin: 'log.test/log', treeSize: 1, rootHash: Buffer.from(leafHash, 'hex') }, log);
    const cosigned = checkpoint + a.cosign(checkpoint) + b.cosign(checkpoint);
    const policy = formatPolicy({ vkey: log.vkey }, [{ vkey: a.key.vkey }, { vkey: b.key.vkey }], 2);
    const bundle = { leaf_hash: leafHash, leaf_canonical_json: entry, leaf_index: 0, tree_size: 1, hashes: [], checkpoint: cosigned };

    const genuine = await checkRegistrationProof(JSON.stringify(bundle), { vkey: log.vkey, policy }, 'ab'.repeat(32));
    expect(genuine.map((c) => [c.id, c.ok])).toEqual([
      ['entry', true],
      ['inclusion', true],
      ['signature', true],
      ['witnesses', true],
      ['image', true],
    ]);
    const asTlogProof = formatTlogProof({ extra: new TextEncoder().encode(entry), index: 0, hashes: [], checkpoint: cosigned });
    expect((await checkRegistrationProof(asTlogProof, { vkey: log.vkey, policy })).every((c) => c.ok)).toBe(true);

    const stripped = { ...bundle, checkpoint: checkpoint + a.cosign(checkpoint) };
    const lacking = await checkRegistrationProof(JSON.stringify(stripped), { vkey: log.vkey, policy });
    expect(lacking.find((c) => c.id === 'witnesses')).toEqual({
      id: 'witnesses',
      ok: false,
      text:
        'Not enough independent witnesses confirmed this log state (confirmed by: a.test; required: cosignatures from all 2 witnesses (a.test, b.test)). ' +
        'A proof downloaded right after registering may predate their confirmation: download it again in a few minutes.',
    });
    expect(await checkRegistrationProof('{"nope":1}', { vkey: log.vkey })).toEqual([
      {
        id: 'format',
        ok: false,
        text: 'The file cannot be read as a proof: it is not a proof bundle; use proof.json from the work’s downloads.',
      },
    ]);
  });
});
