// Badge downloads and exports of a work (docs/product.md §2, decisions 0002, 0017): PNG sizes, the eight-file
// bundle, the authentication export with a real, verifiable log proof, reports, the embed
// snippet and the live badge.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProofBundle, type ProofBundle } from '../../../core/tlog-verify';
import { LOG_ENTRY_NUMBERING } from '../../../core/proof-text';
import { checkRegistrationProof } from '../../../core/registration-proof-check';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { unzip } from '../../helpers/unzip';
import { registerWork, softDelete } from './proof-kit';

const SITE = 'http://ledger.test';
const PRIVATE_PROMPT = 'zanzibarish cobalt lighthouse secretword';

let t: TestApp;
let work: { id: string; registry_id: string };
let imageHash = '';
let privatePromptWork: { id: string; registry_id: string };
let privateWork: { id: string; registry_id: string };
let emails: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerWork(t.app, {
    title: 'Neon Tide',
    artist_name: 'Ada Example',
    author_email: 'ada.secret@example.com',
  });
  work = registered.created;
  imageHash = registered.upload.image_hash;
  privatePromptWork = (await registerWork(t.app, { title: 'Quiet Work', prompt: PRIVATE_PROMPT, prompt_visibility: 'private' }))
    .created;
  privateWork = await insertWork(t.deps.db, { title: 'Private work', is_public: false });
  emails = (await sql<{ author_email: string }>`SELECT author_email FROM submissions`.execute(t.deps.db)).rows.map(
    (r) => r.author_email,
  );
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const artefact = (id: string, file: string) => get(`/api/submissions/${id}/${file}`);

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

describe('badges', () => {
  it('PNG badges are exactly 800×300 (large, the default) and 400×150 (small)', async () => {
    for (const [query, width, height] of [
      ['?size=large', 800, 300],
      ['?size=small', 400, 150],
      ['', 800, 300],
    ] as const) {
      const res = await artefact(work.id, `badge.png${query}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, query).toEqual({ format: 'png', width, height });
    }
    const bad = await artefact(work.id, 'badge.png?size=huge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid parameter 'size': use 'large' (800×300) or 'small' (400×150).");
  });

  it('the SVG badge shows title, artist, status, score out of 100, short ID and proof URL, and downloads under the registry id', async () => {
    const res = await artefact(work.registry_id, 'badge.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${work.registry_id}-badge.svg"`);
    const record = (await get(`/api/submissions/${work.id}`)).json();
    expect(res.body).toContain('>Neon Tide</text>');
    expect(res.body).toContain('>by Ada Example</text>');
    expect(res.body).toContain(`>${record.trust_meter}/100</text>`);
    expect(res.body).toMatch(/>(Incomplete|Verified|Documented|Traceable|Provenance Strong)<\/text>/);
    expect(res.body).toContain(`${work.registry_id} · ID ${work.id.slice(0, 8)}`);
    expect(res.body).toContain(`ledger.test/verify/${work.id.slice(0, 20)}`);
    await sharp(res.rawPayload).metadata(); // parses as SVG
  });

  it("the live badge shows the current status, and 'Removed' without title or artist after a soft delete", async () => {
    const target = (await registerWork(t.app, { title: 'Soon Removed', artist_name: 'Gone Artist' })).created;
    const before = await get(`/badge/${target.registry_id}.svg`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('public, max-age=300');
    expect(before.body).toContain('>Soon Removed</text>');

    await softDelete(t, target.id);
    for (const ref of [target.registry_id, target.id]) {
      const after = await get(`/badge/${ref}.svg`);
      expect(after.statusCode, ref).toBe(200);
      expect(after.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(after.body, ref).toContain('>Removed</text>');
      expect(after.body, ref).not.toContain('Soon Removed');
      expect(after.body, ref).not.toContain('Gone Artist');
    }
    // Its downloads are gone with it.
    expect((await artefact(target.id, 'badge.svg')).statusCode).toBe(404);
  });

  it('the live badge of a private or unknown work is a 404 SVG that names nothing', async () => {
    for (const ref of [privateWork.id, privateWork.registry_id, 'VW-2020-999999', 'junk']) {
      const res = await get(`/badge/${ref}.svg`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.body).toContain('>Not found</text>');
      expect(res.body).not.toContain('Private work');
    }
  });
});

describe('exports', () => {
  it('proof.jsonld holds the registry id, SHA-256, UTC timestamp, score, five components, and a log proof that verifies', async () => {
    const res = await artefact(work.id, 'proof.jsonld');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${work.registry_id}-proof.jsonld"`);
    const ld = res.json();
    const record = (await get(`/api/submissions/${work.id}`)).json();
    expect(ld.registry_id).toBe(work.registry_id);
    expect(ld.sha256).toBe(imageHash);
    expect(ld.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(ld.trust_score).toMatchObject({ value: record.trust_meter, max: 100 });
    expect(ld.components.map((c: { name: string }) => c.name)).toEqual([
      'Claim clarity',
      'Source depth',
      'Verification logic',
      'Temporal context',
      'Mesh linkage',
    ]);
    expect(ld.components.reduce((n: number, c: { score: number }) => n + c.score, 0)).toBe(record.trust_meter);
    expect(ld.artwork['@type']).toBe('VisualArtwork');
    expect(ld.provenance.email_verified).toBe('no');
    expect(ld.citation.url).toBe(`${SITE}/verify/${work.id}`);
    expect(ld.semantic_tokens).toEqual(['red', 'fox', 'sleeping', 'snowy', 'forest', 'watercolor']);
    expect(ld.api_endpoints.record).toBe(`${SITE}/api/submissions/${work.registry_id}`);
    expect(ld.api_endpoints.ledger).toBe(`${SITE}/api/v1/ledger`);
    expect(ld.api_endpoints.log_checkpoint).toBe(`${SITE}/api/log/checkpoint`);

    expect(res.body).not.toContain('author_email');
    for (const email of emails) expect(res.body).not.toContain(email);

    // The proof block is the real inclusion proof: it verifies against the log's published key.
    const vkey = (await get('/api/log/key')).body.trim();
    expect(ld.proof.vkey).toBe(vkey);
    const result = await verifyProofBundle(ld.proof as ProofBundle, vkey);
    expect(result).toMatchObject({ ok: true, reasons: [] });
    expect(JSON.parse(ld.proof.leaf_canonical_json)).toMatchObject({
      event: 'created',
      registry_id: work.registry_id,
      image_sha256: imageHash,
    });
  });

  it('a private prompt gives no semantic tokens and does not appear in any export', async () => {
    const ld = (await artefact(privatePromptWork.id, 'proof.jsonld')).json();
    expect(ld).not.toHaveProperty('semantic_tokens');
    for (const file of ['proof.jsonld', 'report.txt']) {
      expect((await artefact(privatePromptWork.id, file)).body, file).not.toContain('zanzibarish');
    }
    // Zip entries are compressed: look inside each one.
    const bundled = await unzip((await artefact(privatePromptWork.id, 'bundle.zip')).rawPayload);
    for (const [name, data] of bundled) expect(data.toString('latin1'), name).not.toContain('zanzibarish');
    expect((await artefact(privatePromptWork.id, 'report.txt')).body).toContain('Prompt kept private by artist');
  });

  it('proof.json is the bare bundle that verifies offline', async () => {
    const res = await artefact(work.registry_id, 'proof.json');
    expect(res.statusCode).toBe(200);
    const bundle = res.json();
    expect(Object.keys(bundle).sort()).toEqual([
      'checkpoint',
      'hashes',
      'leaf_canonical_json',
      'leaf_hash',
      'leaf_index',
      'log_origin',
      'policy',
      'tlog_proof',
      'tree_size',
      'vkey',
    ]);
    expect((await verifyProofBundle(bundle, bundle.vkey)).ok).toBe(true);
  });

  it('report.txt and report.pdf carry the record, the five components, the hash and the log position', async () => {
    const txt = await artefact(work.id, 'report.txt');
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body).toContain('VeriWork Authentication Report');
    // Issue 15: people are sent to the browser check; the command stays for developers.
    expect(txt.body).toContain(
      'Check a proof:  open http://ledger.test/verify-proof and drop the bundle (.zip) or proof.json on the page, with the image file if you have it\n',
    );
    expect(txt.body).toMatch(new RegExp(`Registry ID:\\s+${work.registry_id}`));
    expect(txt.body).toMatch(new RegExp(`SHA-256:\\s+${imageHash}`));
    expect(txt.body).toMatch(/Mesh linkage:\s+\d+\/20/);
    // The first logged work, numbered as on the proof page (decision 0052); the checkpoint's size
    // apart, the same as the signed checkpoint printed under it (its second line).
    const checkpointSize = /\nSigned checkpoint:\n {4}[^\n]+\n {4}(\d+)\n/.exec(txt.body)?.[1];
    expect(checkpointSize).toMatch(/^\d+$/);
    expect(txt.body).toContain('Log entry:      #0\n');
    expect(txt.body).toContain(`Checkpoint:     ${checkpointSize} entries (#0 to #${Number(checkpointSize) - 1})\n`);
    expect(txt.body).toContain(`Entry numbers:  ${LOG_ENTRY_NUMBERING}\n`);
    expect(txt.body).toContain('E-mail verified:     no');

    const pdf = await artefact(work.id, 'report.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${work.registry_id}-report.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Registry ID ${work.registry_id})`);
  });

  it('bundle.zip unzips to exactly the eight listed files, and bundle.txt lists them with their SHA-256s', async () => {
    const zip = await artefact(work.id, 'bundle.zip');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="${work.registry_id}-bundle.zip"`);
    const files = await unzip(zip.rawPayload);
    expect([...files.keys()]).toEqual([
      'badge-large.png',
      'badge-small.png',
      'badge.svg',
      'proof.jsonld',
      'proof.json',
      'proof.tlog-proof',
      'report.txt',
      'report.pdf',
    ]);
    // The C2SP tlog-proof as a file of its own (issue 35): the one proof.json carries, which the
    // browser's checker accepts like proof.json.
    const tlogProof = files.get('proof.tlog-proof')!.toString();
    expect(tlogProof).toBe(JSON.parse(files.get('proof.json')!.toString()).tlog_proof);
    expect(tlogProof.startsWith('c2sp.org/tlog-proof@v1\nextra ')).toBe(true);
    const checks = await checkRegistrationProof(tlogProof, { vkey: (await get('/api/log/key')).body.trim() });
    expect(checks.map((c) => [c.id, c.ok])).toEqual([
      ['entry', true],
      ['inclusion', true],
      ['signature', true],
    ]);
    const large = await sharp(files.get('badge-large.png')!).metadata();
    const small = await sharp(files.get('badge-small.png')!).metadata();
    expect([large.width, large.height, small.width, small.height]).toEqual([800, 300, 400, 150]);
    expect(
      (await verifyProofBundle(JSON.parse(files.get('proof.json')!.toString()), (await get('/api/log/key')).body.trim())).ok,
    ).toBe(true);

    const list = await artefact(work.id, 'bundle.txt');
    expect(list.headers['content-disposition']).toBe(`attachment; filename="${work.registry_id}-bundle.txt"`);
    expect(list.body).toContain('holds 8 files:');
    for (const [name, data] of files)
      expect(list.body, name).toMatch(new RegExp(`${name.replace('.', '\\.')}\\s+${data.length} bytes  sha256 ${sha256(data)}`));
    // Same record, same log state: the separate downloads are the bundle's files byte for byte.
    expect(sha256((await artefact(work.id, 'report.pdf')).rawPayload)).toBe(sha256(files.get('report.pdf')!));
    expect(sha256((await artefact(work.id, 'proof.jsonld')).rawPayload)).toBe(sha256(files.get('proof.jsonld')!));
  });

  it("proof.jsonld's @vocab resolves: /ns/proof describes each of its terms (issue 35)", async () => {
    const ld = (await artefact(work.id, 'proof.jsonld')).json();
    expect(ld['@context']['@vocab']).toBe('http://ledger.test/ns/proof#');
    const res = await get('/ns/proof');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const vocabulary = res.json<{ '@graph': { '@id': string; '@type': string; 'rdfs:comment': string }[] }>();
    const described = new Set(vocabulary['@graph'].map((term) => term['@id']));
    const used = [ld['@type'], ...Object.keys(ld).filter((key) => !key.startsWith('@'))];
    expect(used.filter((term) => !described.has(`http://ledger.test/ns/proof#${term}`))).toEqual([]);
    expect(vocabulary['@graph'].every((term) => term['rdfs:comment'].length > 0)).toBe(true);
  });

  it("'Badge code' is an HTML link to the proof page around the live badge", async () => {
    const res = await artefact(work.id, 'embed');
    expect(res.json()).toEqual({
      html:
        `<a href="${SITE}/verify/${work.id}" target="_blank" rel="noopener"><img src="${SITE}/badge/${work.registry_id}.svg" width="400" height="150" ` +
        `alt="VeriWork verification badge for Neon Tide by Ada Example, Registry ID ${work.registry_id}"></a>`,
    });
  });

  it('every download of a private or unknown work is 404 Submission Not Found', async () => {
    const files = [
      'badge.svg',
      'badge.png',
      'badge.png?size=small',
      'proof.jsonld',
      'proof.json',
      'report.txt',
      'report.pdf',
      'bundle.zip',
      'bundle.txt',
      'embed',
    ];
    for (const ref of [privateWork.id, privateWork.registry_id, '00000000-0000-4000-8000-000000000000']) {
      for (const file of files) {
        const res = await artefact(ref, file);
        expect(res.statusCode, `${ref}/${file}`).toBe(404);
        expect(res.json().error).toEqual({
          code: 'not_found',
          message: "This Registry ID doesn't exist or the submission is private.",
          title: 'Submission Not Found',
        });
      }
    }
    expect((await artefact(work.id, 'nothing.bin')).statusCode).toBe(404);
  });
});
