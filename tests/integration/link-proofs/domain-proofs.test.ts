// Issue 33, decision 0062: an artist proves a domain with a DNS TXT record or a file at
// /.well-known/. The records come from a DNS server on loopback (dns2, DNS_PROOF_RESOLVER), the
// files from an HTTP server on loopback standing in for https://<domain>/ (the test-only
// DOMAIN_PROOF_TEST_HTTP_PORT and FETCH_ALLOW_HOSTS); checks run on the app's queue.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistResponse, PublicWork } from '../../../core/api-types';
import type { DomainProof, DomainProofs } from '../../../core/api/domain-proofs';
import { backgroundOf } from '../../../server/app';
import { createFetcher } from '../../../server/fetcher/fetcher';
import { queueDueDomainChecks } from '../../../server/submissions/domain-recheck-job';
import { jobsSettled } from '../../helpers/jobs';
import { linkInMail } from '../../helpers/mail-links';
import { startDomainProofWorld, type DomainProofWorld } from '../../helpers/domain-proof-world';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { sameSite, signIn, SITE } from '../manage/manage-kit';
import { registerWork } from '../submissions/helpers';

const ARTIST = 'Greta Domains';
const DAY_MS = 24 * 60 * 60 * 1000;

let world: DomainProofWorld;
let t: TestApp;
let clock = Date.parse('2026-11-28T10:00:00Z');

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Confirms the address from its registration e-mail in the outbox, as the page's button does. */
async function confirmAddress(email: string): Promise<void> {
  const dir = path.join(t.dataDir, 'outbox');
  const raw = await waitFor(() => {
    if (!fs.existsSync(dir)) return undefined;
    return fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((m) => m.includes(`To: ${email}`) && m.includes('confirm-email'));
  }, `the confirmation to ${email}`);
  const token = linkInMail(raw, '/confirm-email').searchParams.get('token')!;
  expect((await t.app.inject({ method: 'POST', url: '/api/submissions/verify-email', payload: { token } })).statusCode).toBe(200);
  await jobsSettled(t, 'link-check');
}

/** A confirmed work of `email` under `artist`, and a manage session of that address. */
async function confirmedWork(artist: string, email: string): Promise<{ id: string; cookie: string }> {
  const { created } = await registerWork(t.app, {
    artist_name: artist,
    author_email: email,
    profile_links: [`http://greta.test:${world.httpPort}/about`, ''],
  });
  await jobsSettled(t, 'link-check');
  await confirmAddress(email);
  return { id: created.id, cookie: await signIn(t, email) };
}

async function proveDomain(work: { id: string; cookie: string }, domain: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/manage/works/${work.id}/domains`,
    headers: { ...sameSite, cookie: work.cookie },
    payload: { domain },
  });
}

/** The domain's proof after its checks (and the re-scoring they cause) ended. */
async function settledProof(work: { id: string; cookie: string }, domain: string): Promise<DomainProof> {
  await jobsSettled(t, 'domain-check');
  await jobsSettled(t, 'identity-rescore');
  const res = await t.app.inject({ method: 'GET', url: `/api/manage/works/${work.id}/domains`, headers: { cookie: work.cookie } });
  return res.json<DomainProofs>().domain_proofs.find((p) => p.domain === domain)!;
}

async function checkAgain(work: { id: string; cookie: string }, domain: string): Promise<DomainProof> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/manage/works/${work.id}/domains/check`,
    headers: { ...sameSite, cookie: work.cookie },
  });
  expect(res.statusCode).toBe(202);
  return settledProof(work, domain);
}

async function publicWork(id: string): Promise<PublicWork> {
  return (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}` })).json<PublicWork>();
}

async function artistPage(name: string): Promise<ArtistResponse> {
  return (await t.app.inject({ method: 'GET', url: `/api/artists/${encodeURIComponent(name)}` })).json<ArtistResponse>();
}

beforeAll(async () => {
  world = await startDomainProofWorld();
  // Every test domain is served by the loopback server, except private.test, whose name leads to 10.0.0.1.
  const sites = ['greta.test', 'otto.test', 'wrong.test', 'mallory.test'];
  const fetcher = createFetcher({
    siteUrl: SITE,
    allowHosts: sites.map((s) => `${s}:${world.httpPort}` as const),
    resolve: async (name) => [{ address: name === 'private.test' ? '10.0.0.1' : '127.0.0.1', family: 4 }],
  });
  t = await createTestApp({
    env: {
      SITE_URL: SITE,
      LINK_CHECKS: '1',
      JOBS_POLL_SECONDS: '0.5',
      ...world.env,
    },
    fetcher,
    now: () => new Date(clock),
  });
});

afterAll(async () => {
  await t?.close();
  await world?.close();
});

describe('proving a domain from the manage page', () => {
  let greta: { id: string; cookie: string };
  let gretaValue: string;

  it('gives a token to set, proves the domain by its TXT record, claims the name and scores it as a proven profile link', async () => {
    greta = await confirmedWork(ARTIST, 'greta@example.org');
    // Confirmed, but no link proven: held below Verified.
    expect((await publicWork(greta.id)).trust_meter).toBe(48);

    const started = await proveDomain(greta, 'HTTPS://Greta.Test/about');
    expect(started.statusCode).toBe(202);
    const [pending] = started.json<DomainProofs>().domain_proofs;
    gretaValue = pending.value;
    expect(pending).toEqual({
      domain: 'greta.test',
      state: 'pending',
      method: null,
      reason: null,
      checked_at: null,
      proven_at: null,
      txt_name: '_veriwork.greta.test',
      file_url: `http://greta.test:${world.httpPort}/.well-known/veriwork-proof.txt`,
      value: expect.stringMatching(/^veriwork-proof=[0-9a-f]{32}$/),
    });
    // Nothing set yet: the first check finds neither the record nor the file.
    expect(await settledProof(greta, 'greta.test')).toMatchObject({
      state: 'not_proven',
      reason: 'No TXT record holds the token, and the file answered with an error (is it in place?).',
    });

    world.records.set('_veriwork.greta.test', ['v=spf1 -all', gretaValue]);
    clock += 60_000;
    const proven = await checkAgain(greta, 'greta.test');
    expect(proven).toMatchObject({ state: 'proven', method: 'dns_txt', reason: null, proven_at: new Date(clock).toISOString() });

    const work = await publicWork(greta.id);
    expect(work.trust_meter).toBe(66);
    expect(work.history.at(-1)).toMatchObject({ changes: { domains_proven: 1 }, score_before: 48, score_after: 66 });
    expect(work.trust.reasons).toContain("Linked to the artist's proven profile: +6");
    const page = await artistPage(ARTIST);
    expect(page.claimed).toBe(true);
    expect(page.proven_identities).toEqual([{ url: 'https://greta.test/', proven_at: new Date(clock).toISOString() }]);
  });

  it('proves a domain by the file at /.well-known/', async () => {
    const otto = await confirmedWork('Otto File', 'otto@example.org');
    const [pending] = (await proveDomain(otto, 'otto.test')).json<DomainProofs>().domain_proofs;
    await settledProof(otto, 'otto.test');
    world.files.set('otto.test', `# VeriWork\n${pending.value}\n`);
    expect(await checkAgain(otto, 'otto.test')).toMatchObject({ state: 'proven', method: 'well_known', reason: null });
    expect((await publicWork(otto.id)).trust_meter).toBe(66);
    expect((await artistPage('Otto File')).proven_identities).toEqual([{ url: 'https://otto.test/', proven_at: expect.any(String) }]);
  });

  it('does not prove a domain whose record and file hold another token', async () => {
    const wrong = await confirmedWork('Wren Wrong', 'wren@example.org');
    await proveDomain(wrong, 'wrong.test');
    world.records.set('_veriwork.wrong.test', [`veriwork-proof=${'0'.repeat(32)}`]);
    world.files.set('wrong.test', `veriwork-proof=${'1'.repeat(32)}\n`);
    expect(await checkAgain(wrong, 'wrong.test')).toMatchObject({
      state: 'not_proven',
      method: null,
      reason: 'Neither the TXT record nor the file holds this token.',
    });
    expect((await publicWork(wrong.id)).trust_meter).toBe(48);
    expect((await artistPage('Wren Wrong')).claimed).toBe(false);
  });

  it("never accepts one identity's token for another: an impersonator of the name gets a token of their own", async () => {
    const mallory = await confirmedWork(ARTIST, 'mallory@example.net');
    world.files.set('greta.test', `${gretaValue}\n`);
    const [theirs] = (await proveDomain(mallory, 'greta.test')).json<DomainProofs>().domain_proofs;
    expect(theirs.value).not.toBe(gretaValue);
    // Greta's record and file are in place, and prove nothing for Mallory.
    expect(await settledProof(mallory, 'greta.test')).toMatchObject({
      state: 'not_proven',
      reason: 'Neither the TXT record nor the file holds this token.',
    });
    // Mallory's works earn nothing from Greta's domain, and the name stays Greta's.
    expect((await publicWork(mallory.id)).trust_meter).toBe(48);
    expect((await artistPage(ARTIST)).proven_identities).toEqual([{ url: 'https://greta.test/', proven_at: expect.any(String) }]);
  });

  it('refuses a domain whose name leads to a private address, without asking its DNS or fetching its file', async () => {
    const priv = await confirmedWork('Priya Private', 'priya@example.org');
    const questionsBefore = world.dnsQuestions.length;
    const requestsBefore = world.requests.length;
    await proveDomain(priv, 'private.test');
    expect(await settledProof(priv, 'private.test')).toMatchObject({
      state: 'not_proven',
      reason: 'The address leads to a private or reserved network, which the registry never visits.',
    });
    expect(world.dnsQuestions.slice(questionsBefore)).toEqual([]);
    expect(world.requests.slice(requestsBefore).filter((r) => r.path.startsWith('/.well-known/'))).toEqual([]);
  });

  it('refuses what is not a domain name', async () => {
    const res = await proveDomain(greta, '10.0.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'validation_failed', message: 'Enter a domain name such as rutkowski.art: no IP address, no path.' },
    });
  });

  it('takes the points back when the record is removed, on the hourly re-check', async () => {
    world.records.delete('_veriwork.greta.test');
    world.files.delete('greta.test');
    clock += 8 * DAY_MS;
    expect(await queueDueDomainChecks(t.deps, backgroundOf(t.app).domainChecks)).toBe(5);
    // A week later her manage session has long ended: she signs in again to look.
    greta.cookie = await signIn(t, 'greta@example.org');
    const lost = await settledProof(greta, 'greta.test');
    expect(lost).toMatchObject({ state: 'not_proven', proven_at: null });

    const work = await publicWork(greta.id);
    expect(work.trust_meter).toBe(48);
    expect(work.history.at(-1)).toMatchObject({ changes: { domains_lost: 1 }, score_before: 66, score_after: 48 });
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['reason', 'old_values', 'new_values'])
      .where('record_id', '=', greta.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      reason: 'Re-scored after a domain check',
      old_values: { trust_meter: 66 },
      new_values: { trust_meter: 48 },
    });
    expect((await artistPage(ARTIST)).proven_identities).toEqual([]);
  });
});
