// Issue 33, decision 0066: the exports say what was proven. Two works under one artist name: the
// claimant's, with a proven web site, a proven social account and a link that does not link back;
// and a stranger's under the name she claimed, pasting her site (not proven for it) and proving a
// page of their own. Each format carries the rubric version and the proven identities only, with
// their time of proof; JSON-LD and the proof bundle name them the creator's (sameAs, CAWG identity
// claims) only for the claimant's work. No e-mail address reaches any of them.
import zlib from 'node:zlib';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { claimArtistName, insertWork } from '../../helpers/factories';
import { unzip } from '../../helpers/unzip';
import { schemaOrgProblems } from '../../helpers/schema-org-vocabulary';
import { recordLinkProof } from '../../../server/link-proofs/link-proof-repository';
import { readPublicApiPage } from '../../../server/ledger/public-api-repository';
import { identitiesQuery } from '../../../server/link-proofs/work-identities-repository';
import { parsePublicApiQuery, type PublicApiQuery } from '../../../server/ledger/public-api';
import type { DB } from '../../../server/db/types';

const SITE = 'http://ledger.test';
const ARTIST = 'Greta Rutkowska';
const RUBRIC = '2026-11.3';
const CLAIMANT_EMAIL = 'greta.private@example.org';
const STRANGER_EMAIL = 'throwaway.private@example.net';

const SITE_PAGE = 'https://www.greta.example/about';
const SOCIAL_PAGE = 'https://www.instagram.com/greta_r/';
const UNPROVEN_PAGE = 'https://www.deviantart.com/greta-r';
const STRANGER_PAGE = 'https://stranger.example/me';

const SITE_PROVEN = new Date('2026-11-27T09:00:00.000Z');
const SOCIAL_PROVEN = new Date('2026-11-27T10:30:00.000Z');
const STRANGER_PROVEN = new Date('2026-11-27T11:00:00.000Z');

let t: TestApp;
let claimant: { id: string; registry_id: string };
let stranger: { id: string; registry_id: string };

const get = (url: string) => t.app.inject({ method: 'GET', url });
const resources = (...urls: string[]) => JSON.stringify(urls.map((url) => ({ type: 'profile', url, description: '' })));

/** The claimant's identities as the public API record and the dump carry them. */
const CLAIMANT_IDENTITIES = [
  { url: SITE_PAGE, host: 'greta.example', kind: 'website', method: 'rel_me', proven_at: '2026-11-27T09:00:00.000Z' },
  { url: SOCIAL_PAGE, host: 'instagram.com', kind: 'social', method: 'text_url', proven_at: '2026-11-27T10:30:00.000Z' },
];
const STRANGER_IDENTITIES = [
  { url: STRANGER_PAGE, host: 'stranger.example', kind: 'website', method: 'text_registry_id', proven_at: '2026-11-27T11:00:00.000Z' },
];

/** The claimant's identities in the CAWG identity claims aggregation vocabulary. */
const CLAIMANT_CAWG = {
  label: 'cawg.identity',
  sig_type: 'cawg.identity_claims_aggregation',
  signed: false,
  '@context': ['https://www.w3.org/ns/credentials/v2', 'https://cawg.io/identity/1.1/ica/context/'],
  type: ['IdentityClaimsAggregationCredential'],
  issuer: { id: SITE, name: 'VeriWork' },
  credentialSubject: {
    name: ARTIST,
    verifiedIdentities: [
      {
        type: 'cawg.web_site',
        uri: SITE_PAGE,
        verifiedAt: '2026-11-27T09:00:00.000Z',
        provider: { id: 'https://www.greta.example', name: 'greta.example' },
      },
      {
        type: 'cawg.social_media',
        username: 'greta_r',
        uri: SOCIAL_PAGE,
        verifiedAt: '2026-11-27T10:30:00.000Z',
        provider: { id: 'https://instagram.com', name: 'Instagram' },
      },
    ],
  },
};

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: SITE } });
  const db = t.deps.db;
  claimant = await insertWork(db, {
    artist_name: ARTIST,
    author_email: CLAIMANT_EMAIL,
    title: 'Harbour at dawn',
    trust_meter: 66,
    trust_rubric_version: RUBRIC,
    verification_resources: resources(SITE_PAGE, SOCIAL_PAGE, UNPROVEN_PAGE),
    created_at: new Date('2026-11-26T08:00:00.000Z'),
  });
  stranger = await insertWork(db, {
    artist_name: ARTIST,
    author_email: STRANGER_EMAIL,
    title: 'Harbour at dusk',
    trust_meter: 45,
    trust_rubric_version: RUBRIC,
    verification_resources: resources(SITE_PAGE, STRANGER_PAGE),
    created_at: new Date('2026-11-26T09:00:00.000Z'),
  });
  await recordLinkProof(db, { submissionId: claimant.id }, SITE_PAGE, { state: 'proven', method: 'rel_me', checkedAt: SITE_PROVEN });
  await recordLinkProof(db, { submissionId: claimant.id }, SOCIAL_PAGE, {
    state: 'proven',
    method: 'text_url',
    checkedAt: SOCIAL_PROVEN,
  });
  await recordLinkProof(db, { submissionId: claimant.id }, UNPROVEN_PAGE, {
    state: 'not_proven',
    reason: 'no_link_back',
    checkedAt: SOCIAL_PROVEN,
  });
  // Her site links to her artist page, which proves only the claimant's works (decision 0061).
  await recordLinkProof(db, { submissionId: stranger.id }, SITE_PAGE, {
    state: 'not_proven',
    reason: 'no_link_back',
    checkedAt: STRANGER_PROVEN,
  });
  await recordLinkProof(db, { submissionId: stranger.id }, STRANGER_PAGE, {
    state: 'proven',
    method: 'text_registry_id',
    checkedAt: STRANGER_PROVEN,
  });
  // A link the work no longer has (removed on the manage page, not re-checked yet) is not an identity.
  await recordLinkProof(db, { submissionId: stranger.id }, 'https://removed.example/', {
    state: 'proven',
    method: 'rel_me',
    checkedAt: STRANGER_PROVEN,
  });
  await claimArtistName(db, ARTIST, CLAIMANT_EMAIL, SITE_PROVEN);
});

afterAll(async () => {
  await t?.close();
});

/** Every body an export gives for the two works, to search for private data. */
const bodies: string[] = [];

describe('public API record and dump', () => {
  it('JSON: the rubric version, whether the claimant registered it, and its proven identities only', async () => {
    const res = await get('/api/v1/ledger?limit=10');
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
    const records = res.json<{ data: Record<string, unknown>[] }>().data;
    const pick = (r: Record<string, unknown>) => [r.id, r.rubric_version, r.artist_confirmed, r.proven_identities];
    expect(records.map(pick)).toEqual([
      [stranger.registry_id, RUBRIC, false, STRANGER_IDENTITIES],
      [claimant.registry_id, RUBRIC, true, CLAIMANT_IDENTITIES],
    ]);
  });

  it('the dump: the same fields in every line', async () => {
    const res = await get('/api/v1/ledger/dump.jsonl.gz');
    expect(res.statusCode).toBe(200);
    const text = zlib.gunzipSync(res.rawPayload).toString('utf8');
    bodies.push(text);
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((r) => [r.id, r.rubric_version, r.artist_confirmed, r.proven_identities])).toEqual([
      [stranger.registry_id, RUBRIC, false, STRANGER_IDENTITIES],
      [claimant.registry_id, RUBRIC, true, CLAIMANT_IDENTITIES],
    ]);
  });

  it('CSV: rubric version, claimant flag and the identities as a JSON array in one cell', async () => {
    const res = await get('/api/v1/ledger?format=csv&limit=10');
    bodies.push(res.body);
    const [header, first, second] = res.body.split('\r\n');
    const columns = header.split(',');
    const at = (name: string) => columns.indexOf(name);
    expect(columns.slice(at('status'), at('tags'))).toEqual(['status', 'rubric_version', 'artist_confirmed', 'proven_identities']);
    expect(first).toContain(`,${RUBRIC},false,"${JSON.stringify(STRANGER_IDENTITIES).replace(/"/g, '""')}",`);
    expect(second).toContain(`,${RUBRIC},true,"${JSON.stringify(CLAIMANT_IDENTITIES).replace(/"/g, '""')}",`);
  });

  it('XML: each proven identity an element with one child per field', async () => {
    const res = await get('/api/v1/ledger?format=xml&limit=10');
    bodies.push(res.body);
    const claimantEntry = res.body.slice(res.body.indexOf(`<id>${claimant.registry_id}</id>`));
    expect(claimantEntry).toContain(
      [
        `    <rubric_version>${RUBRIC}</rubric_version>`,
        '    <artist_confirmed>true</artist_confirmed>',
        '    <proven_identities>',
        '      <identity>',
        `        <url>${SITE_PAGE}</url>`,
        '        <host>greta.example</host>',
        '        <kind>website</kind>',
        '        <method>rel_me</method>',
        '        <proven_at>2026-11-27T09:00:00.000Z</proven_at>',
        '      </identity>',
        '      <identity>',
        `        <url>${SOCIAL_PAGE}</url>`,
        '        <host>instagram.com</host>',
        '        <kind>social</kind>',
        '        <method>text_url</method>',
        '        <proven_at>2026-11-27T10:30:00.000Z</proven_at>',
        '      </identity>',
        '    </proven_identities>',
      ].join('\n'),
    );
  });

  it('RSS: the score names its rubric', async () => {
    const res = await get('/api/v1/ledger?format=rss&limit=10');
    bodies.push(res.body);
    expect(res.body).toContain(
      `<description>By ${ARTIST}. Tool: Midjourney. Trust score 66/100 (Documented, trust rubric ${RUBRIC}). Registry ID ${claimant.registry_id}.</description>`,
    );
  });

  it('Croissant describes the new fields with their JSON paths', async () => {
    const res = await get('/api/v1/croissant.json');
    expect(res.statusCode).toBe(200);
    const fields = res.json<{
      recordSet: { field: { name: string; dataType: string; source: { extract: { jsonPath: string } } }[] }[];
    }>().recordSet[0].field;
    const described = (name: string) => {
      const field = fields.find((f) => f.name === name)!;
      return [field.dataType, field.source.extract.jsonPath];
    };
    expect(described('rubric_version')).toEqual(['sc:Text', '$.rubric_version']);
    expect(described('artist_confirmed')).toEqual(['sc:Boolean', '$.artist_confirmed']);
    expect(described('proven_identity_url')).toEqual(['sc:URL', '$.proven_identities[*].url']);
    expect(described('proven_identity_proven_at')).toEqual(['sc:DateTime', '$.proven_identities[*].proven_at']);
  });
});

describe('proof bundle and JSON-LD', () => {
  const proofJsonLd = async (id: string) => {
    const res = await get(`/api/submissions/${id}/proof.jsonld`);
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
    return res.json<Record<string, unknown> & { artwork: { creator: Record<string, unknown>; '@context': unknown } }>();
  };

  it("the claimant's work: proven identities, and the same as the creator's sameAs and CAWG identity claims", async () => {
    const ld = await proofJsonLd(claimant.id);
    expect(ld.trust_score).toEqual({ value: 66, max: 100, status: 'Documented', rubric_version: RUBRIC });
    expect(ld.identity).toEqual({ artist_confirmed: true, proven_identities: CLAIMANT_IDENTITIES });
    expect(ld.cawg_identity_claims).toEqual(CLAIMANT_CAWG);
    expect(ld.artwork.creator).toEqual({
      '@type': 'Person',
      name: ARTIST,
      url: `${SITE}/artist/Greta%20Rutkowska`,
      sameAs: [SITE_PAGE, SOCIAL_PAGE],
      'proof:cawg_identity_claims': CLAIMANT_CAWG,
    });
    expect(ld.artwork['@context']).toEqual([
      'https://schema.org',
      { plus: 'http://ns.useplus.org/ldf/xmp/1.0/', proof: `${SITE}/ns/proof#`, 'proof:cawg_identity_claims': { '@type': '@json' } },
    ]);
    // Still schema.org everywhere else: the claims sit on the proof vocabulary's prefixed term.
    expect(schemaOrgProblems(ld.artwork)).toEqual([]);
  });

  it("a stranger's work under her claimed name: its own proven page listed, never given to the named artist", async () => {
    const ld = await proofJsonLd(stranger.id);
    expect(ld.identity).toEqual({ artist_confirmed: false, proven_identities: STRANGER_IDENTITIES });
    expect(ld.cawg_identity_claims).toBeNull();
    expect(ld.artwork.creator).toEqual({ '@type': 'Person', name: ARTIST, url: `${SITE}/artist/Greta%20Rutkowska` });
    expect(ld.artwork['@context']).toEqual(['https://schema.org', { plus: 'http://ns.useplus.org/ldf/xmp/1.0/' }]);
  });

  it('is valid JSON-LD: the CAWG claims stay one JSON literal, on terms the proof vocabulary defines', async () => {
    const ld = await proofJsonLd(claimant.id);
    // schema.org's context, as its server gives it, reduced to what these documents use.
    const documentLoader = async (url: string) => {
      if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`no remote context may be loaded: ${url}`);
      return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
    };
    const document = ld as Record<string, unknown>;
    const expanded = (await jsonld.expand(document, { safe: true, documentLoader } as jsonld.Options.Expand)) as Record<
      string,
      unknown
    >[];
    const vocab = `${SITE}/ns/proof#`;
    expect(expanded[0][`${vocab}cawg_identity_claims`]).toEqual([{ '@type': '@json', '@value': CLAIMANT_CAWG }]);
    const artwork = (expanded[0][`${vocab}artwork`] as Record<string, unknown>[])[0];
    const creator = (artwork['https://schema.org/creator'] as Record<string, unknown>[])[0];
    expect(creator[`${vocab}cawg_identity_claims`]).toEqual([{ '@type': '@json', '@value': CLAIMANT_CAWG }]);
    expect(creator['https://schema.org/sameAs']).toEqual([{ '@value': SITE_PAGE }, { '@value': SOCIAL_PAGE }]);
    // Each term of the record is described at /ns/proof.
    const vocabulary = (await get('/ns/proof')).json<{ '@graph': { '@id': string }[] }>();
    const described = new Set(vocabulary['@graph'].map((term) => term['@id']));
    expect(described.has(`${vocab}identity`) && described.has(`${vocab}cawg_identity_claims`)).toBe(true);
  });

  it('bundle.txt states the rubric, the claimant and each proven page with its time of proof', async () => {
    const claimantList = await get(`/api/submissions/${claimant.id}/bundle.txt`);
    const strangerList = await get(`/api/submissions/${stranger.id}/bundle.txt`);
    bodies.push(claimantList.body, strangerList.body);
    expect(claimantList.body.split('\n').slice(0, 8)).toEqual([
      `VeriWork proof bundle for ${claimant.registry_id}`,
      `Harbour at dawn by ${ARTIST}`,
      `Proof page: ${SITE}/verify/${claimant.id}`,
      `Trust score 66/100 under trust rubric ${RUBRIC}.`,
      'Registered by the identity that claimed this artist name.',
      'Proven pages (each links back to this registry):',
      `  ${SITE_PAGE} (website, proven 2026-11-27T09:00:00.000Z)`,
      `  ${SOCIAL_PAGE} (social, proven 2026-11-27T10:30:00.000Z)`,
    ]);
    expect(strangerList.body.split('\n').slice(3, 7)).toEqual([
      `Trust score 45/100 under trust rubric ${RUBRIC}.`,
      'Not registered by an identity that claimed this artist name.',
      'Proven pages (each links back to this registry):',
      `  ${STRANGER_PAGE} (website, proven 2026-11-27T11:00:00.000Z)`,
    ]);
  });

  it("the bundle.zip's proof.jsonld carries the identities and the CAWG claims", async () => {
    const zip = await get(`/api/submissions/${claimant.id}/bundle.zip`);
    expect(zip.statusCode).toBe(200);
    const files = await unzip(zip.rawPayload);
    const text = files.get('proof.jsonld')!.toString('utf8');
    bodies.push(text);
    const ld = JSON.parse(text) as Record<string, unknown>;
    expect([ld.identity, ld.cawg_identity_claims]).toEqual([
      { artist_confirmed: true, proven_identities: CLAIMANT_IDENTITIES },
      CLAIMANT_CAWG,
    ]);
  });
});

describe('privacy and bounded reads', () => {
  it('no export carries an e-mail address', () => {
    expect(bodies.length).toBeGreaterThanOrEqual(10);
    for (const body of bodies) {
      expect(body).not.toContain(CLAIMANT_EMAIL);
      expect(body).not.toContain(STRANGER_EMAIL);
      expect(body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });

  it('reads the identities of a page in one query, whatever the number of works on it', async () => {
    const queriesFor = async (limit: number) => {
      let count = 0;
      const counted = t.deps.db.withPlugin({
        transformQuery: (args) => {
          count += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      }) as Kysely<DB>;
      const parsed = parsePublicApiQuery({ limit: String(limit) });
      if (!parsed.ok) throw new Error(parsed.message);
      const page = await readPublicApiPage(counted, parsed.value as PublicApiQuery);
      return { count, works: page.rows.length };
    };
    for (let i = 0; i < 6; i++) await insertWork(t.deps.db, { artist_name: ARTIST, trust_rubric_version: RUBRIC });
    const one = await queriesFor(1);
    const all = await queriesFor(8);
    expect([one.works, all.works]).toEqual([1, 8]);
    expect(all.count).toBe(one.count);
  });

  it('finds each work, its proofs and its claim through an index, never by scanning a table', async () => {
    const plan = await t.deps.db.transaction().execute(async (trx) => {
      // Tables this small are cheaper to scan; with scans priced out, only a missing index shows one.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`EXPLAIN ${identitiesQuery([claimant.id, stranger.id])}`.execute(trx);
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/link_proofs_work_url_idx/);
    expect(plan).toMatch(/artist_claims_pkey/);
  });
});
