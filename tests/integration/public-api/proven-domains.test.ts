// Issue 33, decisions 0062 and 0066: a domain the work's identity proved (its artist name and its
// confirmed address, as the score counts it) is one of the work's proven identities in every
// export. Greta claimed her name and proves greta.test by a DNS TXT record (from a DNS server on
// loopback); her work also has a proven page, and another work of hers is not confirmed (no
// domain). Otto proves otto.test by the file at /.well-known/ (from an HTTP server on loopback).
// Mallory, under Greta's name, proves a domain of her own: listed for her work, never given to
// the named artist. No e-mail address reaches any export.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PublicWork } from '../../../core/api-types';
import type { DomainProof, DomainProofs } from '../../../core/api/domain-proofs';
import { createFetcher } from '../../../server/fetcher/fetcher';
import { recordLinkProof } from '../../../server/link-proofs/link-proof-repository';
import { identitiesQuery } from '../../../server/link-proofs/work-identities-repository';
import { claimArtistName, insertWork } from '../../helpers/factories';
import { jobsSettled } from '../../helpers/jobs';
import { startDomainProofWorld, type DomainProofWorld } from '../../helpers/domain-proof-world';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { unzip } from '../../helpers/unzip';
import { sameSite, signIn, SITE } from '../manage/manage-kit';

const ARTIST = 'Greta Domain';
const GRETA_EMAIL = 'greta.private@example.org';
const OTTO_EMAIL = 'otto.private@example.org';
const MALLORY_EMAIL = 'mallory.private@example.net';
const SITE_PAGE = 'https://www.greta.example/about';
const CONFIRMED_AT = new Date('2026-11-26T12:00:00.000Z');
const LINK_PROVEN = new Date('2026-11-27T09:00:00.000Z');
const GRETA_DOMAIN_PROVEN = '2026-11-28T10:00:00.000Z';
const MALLORY_DOMAIN_PROVEN = '2026-11-28T10:05:00.000Z';
const OTTO_DOMAIN_PROVEN = '2026-11-28T10:11:00.000Z';

let world: DomainProofWorld;
let t: TestApp;
let clock = Date.parse(GRETA_DOMAIN_PROVEN);

type Work = { id: string; registry_id: string };
let greta: Work;
let gretaUnconfirmed: Work;
let otto: Work;
let mallory: Work;

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Starts the proof of `domain` from the manage page of the work, signed in as `email`. */
async function proveDomain(work: Work, email: string, domain: string): Promise<{ cookie: string; value: string }> {
  const cookie = await signIn(t, email);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/manage/works/${work.id}/domains`,
    headers: { ...sameSite, cookie },
    payload: { domain },
  });
  expect(res.statusCode).toBe(202);
  return { cookie, value: res.json<DomainProofs>().domain_proofs.find((p) => p.domain === domain)!.value };
}

/** Proves `domain` for the work's identity at `at`: the proof started, its token set by `place`, checked again. */
async function proveBy(work: Work, email: string, domain: string, at: string, place: (value: string) => void): Promise<void> {
  clock = Date.parse(at) - 60_000;
  const { cookie, value } = await proveDomain(work, email, domain);
  expect(await settledProof(work, cookie, domain)).toMatchObject({ state: 'not_proven' });
  place(value);
  clock = Date.parse(at);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/manage/works/${work.id}/domains/check`,
    headers: { ...sameSite, cookie },
  });
  expect(res.statusCode).toBe(202);
  expect(await settledProof(work, cookie, domain)).toMatchObject({ state: 'proven', proven_at: at });
}

async function settledProof(work: Work, cookie: string, domain: string): Promise<DomainProof> {
  await jobsSettled(t, 'domain-check');
  await jobsSettled(t, 'identity-rescore');
  const res = await t.app.inject({ method: 'GET', url: `/api/manage/works/${work.id}/domains`, headers: { cookie } });
  return res.json<DomainProofs>().domain_proofs.find((p) => p.domain === domain)!;
}

const gretaSite = { url: SITE_PAGE, host: 'greta.example', kind: 'website', method: 'rel_me', proven_at: '2026-11-27T09:00:00.000Z' };
const gretaDomain = {
  url: 'https://greta.test/',
  host: 'greta.test',
  kind: 'website',
  method: 'dns_txt',
  proven_at: GRETA_DOMAIN_PROVEN,
};
const ottoDomain = {
  url: 'https://otto.test/',
  host: 'otto.test',
  kind: 'website',
  method: 'well_known',
  proven_at: OTTO_DOMAIN_PROVEN,
};
const malloryDomain = {
  url: 'https://mallory.test/',
  host: 'mallory.test',
  kind: 'website',
  method: 'dns_txt',
  proven_at: MALLORY_DOMAIN_PROVEN,
};

const GRETA_CAWG = {
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
        type: 'cawg.web_site',
        uri: 'https://greta.test/',
        verifiedAt: GRETA_DOMAIN_PROVEN,
        provider: { id: 'https://greta.test', name: 'greta.test' },
      },
    ],
  },
};

beforeAll(async () => {
  world = await startDomainProofWorld();
  const fetcher = createFetcher({
    siteUrl: SITE,
    allowHosts: ['greta.test', 'otto.test', 'mallory.test'].map((s) => `${s}:${world.httpPort}` as const),
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  t = await createTestApp({
    env: {
      SITE_URL: SITE,
      // Runs the background checks (the domain-check jobs) in the test app.
      LINK_CHECKS: '1',
      JOBS_POLL_SECONDS: '0.5',
      ...world.env,
    },
    fetcher,
    now: () => new Date(clock),
  });
  const db = t.deps.db;
  const work = (created: string, artist: string, email: string, confirmed: boolean, resources: string[] = []) =>
    insertWork(db, {
      artist_name: artist,
      author_email: email,
      email_verified_at: confirmed ? CONFIRMED_AT : null,
      verification_resources: JSON.stringify(resources.map((url) => ({ type: 'profile', url, description: '' }))),
      created_at: new Date(created),
    });
  greta = await work('2026-11-26T08:00:00.000Z', ARTIST, GRETA_EMAIL, true, [SITE_PAGE]);
  gretaUnconfirmed = await work('2026-11-26T09:00:00.000Z', ARTIST, GRETA_EMAIL, false);
  otto = await work('2026-11-26T10:00:00.000Z', 'Otto File', OTTO_EMAIL, true);
  mallory = await work('2026-11-26T11:00:00.000Z', ARTIST, MALLORY_EMAIL, true);
  await recordLinkProof(db, { submissionId: greta.id }, SITE_PAGE, { state: 'proven', method: 'rel_me', checkedAt: LINK_PROVEN });
  await claimArtistName(db, ARTIST, GRETA_EMAIL, LINK_PROVEN);

  // Each proof: started (its first check finds nothing yet), the token set, then checked again.
  await proveBy(greta, GRETA_EMAIL, 'greta.test', GRETA_DOMAIN_PROVEN, (value) => world.records.set('_veriwork.greta.test', [value]));
  await proveBy(mallory, MALLORY_EMAIL, 'mallory.test', MALLORY_DOMAIN_PROVEN, (value) =>
    world.records.set('_veriwork.mallory.test', [value]),
  );
  await proveBy(otto, OTTO_EMAIL, 'otto.test', OTTO_DOMAIN_PROVEN, (value) => world.files.set('otto.test', `# VeriWork\n${value}\n`));
});

afterAll(async () => {
  await t?.close();
  await world?.close();
});

/** Every body an export gives, to search for private data. */
const bodies: string[] = [];

describe('public API record and dump', () => {
  const expected = () => [
    [mallory.registry_id, false, [malloryDomain]],
    [otto.registry_id, true, [ottoDomain]],
    // The same address, not confirmed on this work: its identity's domains do not count for it.
    [gretaUnconfirmed.registry_id, true, []],
    [greta.registry_id, true, [gretaSite, gretaDomain]],
  ];

  it("JSON: a domain the work's identity proved is a proven identity, with its method and time of proof", async () => {
    const res = await get('/api/v1/ledger?limit=10');
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
    const data = res.json<{ data: Record<string, unknown>[] }>().data;
    expect(data.map((r) => [r.id, r.artist_confirmed, r.proven_identities])).toEqual(expected());
  });

  it('the dump: the same identities in every line', async () => {
    const res = await get('/api/v1/ledger/dump.jsonl.gz');
    expect(res.statusCode).toBe(200);
    const text = zlib.gunzipSync(res.rawPayload).toString('utf8');
    bodies.push(text);
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((r) => [r.id, r.artist_confirmed, r.proven_identities])).toEqual(expected());
  });

  it('CSV: the domain in the JSON array of the identities cell', async () => {
    const res = await get('/api/v1/ledger?format=csv&limit=10');
    bodies.push(res.body);
    const rows = res.body.split('\r\n');
    const cell = (identities: unknown[]) => `,true,"${JSON.stringify(identities).replace(/"/g, '""')}",`;
    expect(rows[2]).toContain(cell([ottoDomain]));
    expect(rows[4]).toContain(cell([gretaSite, gretaDomain]));
  });

  it('XML: the domain an <identity> element with its method', async () => {
    const res = await get('/api/v1/ledger?format=xml&limit=10');
    bodies.push(res.body);
    const entry = res.body.slice(res.body.indexOf(`<id>${greta.registry_id}</id>`));
    expect(entry).toContain(
      [
        '      <identity>',
        `        <url>${SITE_PAGE}</url>`,
        '        <host>greta.example</host>',
        '        <kind>website</kind>',
        '        <method>rel_me</method>',
        '        <proven_at>2026-11-27T09:00:00.000Z</proven_at>',
        '      </identity>',
        '      <identity>',
        '        <url>https://greta.test/</url>',
        '        <host>greta.test</host>',
        '        <kind>website</kind>',
        '        <method>dns_txt</method>',
        `        <proven_at>${GRETA_DOMAIN_PROVEN}</proven_at>`,
        '      </identity>',
        '    </proven_identities>',
      ].join('\n'),
    );
    const ottoEntry = res.body.slice(res.body.indexOf(`<id>${otto.registry_id}</id>`));
    expect(ottoEntry).toContain(
      '        <url>https://otto.test/</url>\n        <host>otto.test</host>\n        <kind>website</kind>\n        <method>well_known</method>',
    );
  });

  it('the OpenAPI schema of an identity names the domain methods', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const schemas = res.json<{ components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> } }>()
      .components.schemas;
    expect(schemas.ProvenLinkIdentity.properties.method.enum).toEqual([
      'rel_me',
      'text_url',
      'text_registry_id',
      'dns_txt',
      'well_known',
    ]);
  });
});

describe('the work record, the proof bundle and JSON-LD', () => {
  const proofJsonLd = async (id: string) => {
    const res = await get(`/api/submissions/${id}/proof.jsonld`);
    expect(res.statusCode).toBe(200);
    bodies.push(res.body);
    return res.json<Record<string, unknown> & { artwork: { creator: Record<string, unknown> } }>();
  };

  it("the work's public record lists its proven page and its identity's domain", async () => {
    const res = await get(`/api/submissions/${greta.id}`);
    bodies.push(res.body);
    expect(res.json<PublicWork>().proven_identities).toEqual([gretaSite, gretaDomain]);
  });

  it("the claimant's work: the domain in the identities, the creator's sameAs and a cawg.web_site of the CAWG claims", async () => {
    const ld = await proofJsonLd(greta.id);
    expect(ld.identity).toEqual({ artist_confirmed: true, proven_identities: [gretaSite, gretaDomain] });
    expect(ld.cawg_identity_claims).toEqual(GRETA_CAWG);
    expect(ld.artwork.creator).toEqual({
      '@type': 'Person',
      name: ARTIST,
      url: `${SITE}/artist/Greta%20Domain`,
      sameAs: [SITE_PAGE, 'https://greta.test/'],
      'proof:cawg_identity_claims': GRETA_CAWG,
    });
  });

  it('a work proven only by its domain, through the file at /.well-known/', async () => {
    const ld = await proofJsonLd(otto.id);
    expect(ld.identity).toEqual({ artist_confirmed: true, proven_identities: [ottoDomain] });
    expect(ld.artwork.creator).toMatchObject({ sameAs: ['https://otto.test/'] });
    expect((ld.cawg_identity_claims as { credentialSubject: unknown }).credentialSubject).toEqual({
      name: 'Otto File',
      verifiedIdentities: [
        {
          type: 'cawg.web_site',
          uri: 'https://otto.test/',
          verifiedAt: OTTO_DOMAIN_PROVEN,
          provider: { id: 'https://otto.test', name: 'otto.test' },
        },
      ],
    });
  });

  it("a stranger's domain under the claimed name: listed for her work, never given to the named artist", async () => {
    const ld = await proofJsonLd(mallory.id);
    expect(ld.identity).toEqual({ artist_confirmed: false, proven_identities: [malloryDomain] });
    expect(ld.cawg_identity_claims).toBeNull();
    expect(ld.artwork.creator).toEqual({ '@type': 'Person', name: ARTIST, url: `${SITE}/artist/Greta%20Domain` });
  });

  it('bundle.txt names the domain and how it was proven', async () => {
    const res = await get(`/api/submissions/${greta.id}/bundle.txt`);
    bodies.push(res.body);
    expect(res.body.split('\n').slice(4, 8)).toEqual([
      'Registered by the identity that claimed this artist name.',
      'Proven pages and domains (a page links back to this registry, a domain holds its proof token):',
      `  ${SITE_PAGE} (website, proven 2026-11-27T09:00:00.000Z)`,
      `  https://greta.test/ (domain, DNS TXT record, proven ${GRETA_DOMAIN_PROVEN})`,
    ]);
  });

  it("the bundle.zip's proof.jsonld carries the domain", async () => {
    const zip = await get(`/api/submissions/${greta.id}/bundle.zip`);
    expect(zip.statusCode).toBe(200);
    const text = (await unzip(zip.rawPayload)).get('proof.jsonld')!.toString('utf8');
    bodies.push(text);
    const ld = JSON.parse(text) as Record<string, unknown>;
    expect([ld.identity, ld.cawg_identity_claims]).toEqual([
      { artist_confirmed: true, proven_identities: [gretaSite, gretaDomain] },
      GRETA_CAWG,
    ]);
  });
});

describe('privacy and bounded reads', () => {
  it('no export carries an e-mail address', () => {
    expect(bodies.length).toBeGreaterThanOrEqual(10);
    for (const body of bodies) {
      for (const email of [GRETA_EMAIL, OTTO_EMAIL, MALLORY_EMAIL]) expect(body).not.toContain(email);
      expect(body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });

  it("finds each work's domains through the identity index in the page's one query, never by scanning", async () => {
    const plan = await t.deps.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`EXPLAIN ${identitiesQuery([greta.id, otto.id, mallory.id])}`.execute(trx);
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/domain_proofs_identity_domain_idx/);
  });
});
