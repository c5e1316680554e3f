// Issue 33: a score nobody can raise by assertion. Pages are served on loopback (allowed through
// the test-only FETCH_ALLOW_HOSTS), link checks run on the app's queue, e-mail goes through a real
// SMTP server. An honest artist whose own page links back with rel="me" and who confirms the
// address reaches Verified with the minimal submission and claims the name; an impersonator who
// pastes that artist's real links from a throwaway address gets no point for them, stays below
// Verified whatever they register, and is listed apart on the artist page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistResponse, PublicWork } from '../../../core/api-types';
import { VERIFIED_THRESHOLD } from '../../../core/constants';
import { linkInMail } from '../../helpers/mail-links';
import { jobsSettled } from '../../helpers/jobs';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { startLocalServer, type LocalServer } from '../fetcher/local-server';
import { registerWork } from '../submissions/helpers';
import { createFetcher } from '../../../server/fetcher/fetcher';
import { backgroundOf } from '../../../server/app';

const SITE = 'http://ledger.test';
const ARTIST = 'Greta Rutkowska';
const ARTIST_PAGE = `${SITE}/artist/Greta%20Rutkowska`;

/** The artist's own pages: her portfolio links back with rel="me" (until she removes it). */
const pages = new Map<string, string>();
let server: LocalServer;
let smtp: SmtpCatcher;
let t: TestApp;

const url = (path: string) => `http://${path === '/instagram' ? 'social' : 'greta'}.test:${server.port}${path}`;

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function work(id: string): Promise<PublicWork> {
  return (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}` })).json<PublicWork>();
}

/** "Check again": queues the work's link check, as the manage page's button does, and waits for it. */
async function checkAgain(id: string): Promise<void> {
  const { linkChecks } = backgroundOf(t.app);
  await linkChecks.queue(t.deps.db, id);
  linkChecks.wake();
  await jobsSettled(t, 'link-check');
}

/** The creator of the work's proof.jsonld. */
async function jsonLdCreator(id: string): Promise<{ name: string; sameAs?: string[] }> {
  const doc = (await t.app.inject({ method: 'GET', url: `/api/submissions/${id}/proof.jsonld` })).json<Record<string, unknown>>();
  const find = (node: unknown): { name: string; sameAs?: string[] } | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    if ('creator' in node) return (node as { creator: { name: string; sameAs?: string[] } }).creator;
    for (const value of Object.values(node)) {
      const found = find(value);
      if (found) return found;
    }
    return undefined;
  };
  return find(doc)!;
}

async function artistPage(): Promise<ArtistResponse> {
  return (await t.app.inject({ method: 'GET', url: `/api/artists/${encodeURIComponent(ARTIST)}` })).json<ArtistResponse>();
}

/** Confirms the address of the newest message to `email`, as its page's button does. */
async function confirmAddress(email: string): Promise<void> {
  const message = await waitFor(() => smtp.received.findLast((m) => m.to.includes(email)), `the e-mail to ${email}`);
  const token = linkInMail(message.raw, '/confirm-email').searchParams.get('token')!;
  const res = await t.app.inject({ method: 'POST', url: '/api/submissions/verify-email', payload: { token } });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const html = pages.get(req.url ?? '');
    if (html) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  smtp = await startSmtpCatcher();
  // Her pages live at greta.test and social.test, which resolve to the loopback server here only.
  const allowHosts = [`greta.test:${server.port}`, `social.test:${server.port}`];
  const fetcher = createFetcher({ siteUrl: SITE, allowHosts, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
  t = await createTestApp({ env: { SMTP_URL: smtp.url, SITE_URL: SITE, LINK_CHECKS: '1', JOBS_POLL_SECONDS: '0.5' }, fetcher });
  pages.set('/portfolio', '<!doctype html><body><h1>Greta</h1></body>');
  pages.set('/instagram', '<!doctype html><body><p>Greta on a social site that strips rel.</p></body>');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await server?.close();
});

describe('an honest artist proves her page and claims her name', () => {
  let first: string;

  it('starts below Verified with the link not proven, and reaches it once her page links back and her address is confirmed', async () => {
    const { created } = await registerWork(t.app, {
      artist_name: ARTIST,
      author_email: 'greta@example.org',
      profile_links: [url('/portfolio'), ''],
    });
    first = created.id;
    // Scored at registration, before any fetch: nothing is proven, whatever was typed.
    expect(created.trust_meter).toBe(45); // 63 less the first resource (12) and the profile link (6)
    await jobsSettled(t, 'link-check');
    const unproven = await work(first);
    expect(unproven.link_proofs).toEqual([
      expect.objectContaining({
        url: url('/portfolio'),
        state: 'not_proven',
        reason: 'The page does not link back to this registry.',
      }),
    ]);
    // The advice names the markup to add: a name nobody claimed is proven through the work's own proof page.
    expect(unproven.trust.advice[0]).toBe(
      `Prove the link on greta.test: add <a rel="me" href="${SITE}/verify/${created.registry_id}">my works</a> to that page, then press "Check again": without a proven link a work stays below Verified (62).`,
    );

    pages.set(
      '/portfolio',
      `<!doctype html><body><h1>Greta</h1><a rel="me" href="${SITE}/verify/${created.registry_id}">My work</a></body>`,
    );
    await checkAgain(first);
    const checked = await work(first);
    expect(checked.link_proofs).toEqual([
      expect.objectContaining({ url: url('/portfolio'), state: 'proven', reason: null, proven_at: expect.any(String) }),
    ]);
    // The minimal submission (moderately specific prompt) with one proven profile link: 63.
    expect(checked.trust_meter).toBe(63);
    expect(checked.history.at(-1)).toMatchObject({ changes: { links_proven: 1 }, score_before: 45, score_after: 63 });
    // Not claimed yet: the address is not confirmed.
    expect((await artistPage()).claimed).toBe(false);

    await confirmAddress('greta@example.org');
    await jobsSettled(t, 'link-check');
    expect((await work(first)).trust_meter).toBe(66); // + the confirmed address
    expect((await work(first)).artist_confirmed).toBe(true);
    const page = await artistPage();
    expect(page).toMatchObject({ claimed: true, total: 1, verified_total: 1, others_total: 0 });
    expect(page.proven_identities).toEqual([{ url: url('/portfolio'), proven_at: expect.any(String) }]);
    // Her proof's JSON-LD names the proven page as the creator's (sameAs).
    expect(await jsonLdCreator(first)).toMatchObject({ name: ARTIST, sameAs: [url('/portfolio')] });
    // Claimed: now her page links to her artist page, which proves all her works.
    pages.set(
      '/portfolio',
      `<!doctype html><body><a rel="me" href="${ARTIST_PAGE}">My registered works</a><a rel="me" href="${SITE}/verify/${created.registry_id}">x</a></body>`,
    );
  });

  it("counts her other works for her, and loses a link's points when the back-link goes", async () => {
    const { created } = await registerWork(t.app, {
      artist_name: ARTIST,
      author_email: 'greta@example.org',
      profile_links: [url('/portfolio'), url('/instagram')],
    });
    await jobsSettled(t, 'link-check');
    const second = await work(created.id);
    expect(second.link_proofs.map((l) => [l.url, l.state, l.reason])).toEqual([
      [url('/portfolio'), 'proven', null],
      [url('/instagram'), 'not_proven', 'The page does not link back to this registry.'],
    ]);
    expect(second.trust.reasons).toContain('The artist who claimed this name has 1 other registered work: +5');
    expect(second.trust.reasons).toContain('1 link not proven yet (the page does not link back to this registry): no points');
    expect(second.artist_confirmed).toBe(true);

    // She removes the back-links; the next check finds them gone.
    pages.set('/portfolio', '<!doctype html><body><h1>Greta</h1></body>');
    await checkAgain(first);
    const lost = await work(first);
    expect(lost.link_proofs[0]).toMatchObject({
      state: 'not_proven',
      reason: 'The page does not link back to this registry.',
      proven_at: null,
    });
    expect(lost.trust_meter).toBe(48); // 45 and the confirmed address
    expect(lost.history.at(-1)).toMatchObject({ changes: { links_lost: 1 } });
    expect((await artistPage()).proven_identities).toEqual([]);

    pages.set('/portfolio', `<!doctype html><body><a rel="me" href="${ARTIST_PAGE}">My registered works</a></body>`);
    await checkAgain(first);
    expect((await work(first)).trust_meter).toBe(63 + 3); // proven again; her second work came after it and does not count for it
  });
});

describe('an impersonator with her real links and a throwaway confirmed address', () => {
  it('earns nothing from her links, stays below Verified on five works, and is listed apart', async () => {
    const before = await artistPage();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { created } = await registerWork(t.app, {
        artist_name: ARTIST,
        author_email: 'throwaway@example.net',
        title: `Not hers ${i}`,
        profile_links: [url('/portfolio'), url('/instagram')],
      });
      ids.push(created.id);
    }
    await jobsSettled(t, 'link-check');
    await confirmAddress('throwaway@example.net');
    await jobsSettled(t, 'link-check');
    for (const id of ids) {
      const copy = await work(id);
      // Her portfolio links to her artist page, not to this work or its proof page: it proves
      // her identity, and is counted for her works only.
      expect(copy.trust_meter).toBeLessThan(VERIFIED_THRESHOLD);
      expect(copy.artist_confirmed).toBe(false);
      expect(copy.trust.reasons.join('\n')).not.toMatch(/other registered work|shared with/);
      // Nothing an impersonator can do under the name is advised: the name is another identity's.
      expect(copy.trust.advice.join('\n')).not.toMatch(/Claim your artist name|same artist name/);
      expect((await jsonLdCreator(id)).sameAs).toBeUndefined();
    }
    const after = await artistPage();
    expect(after).toMatchObject({ claimed: true, total: before.total, verified_total: before.verified_total, others_total: 5 });
    expect(after.items.map((w) => w.id)).toEqual(before.items.map((w) => w.id));
    expect(after.proven_identities).toEqual(before.proven_identities);
  });
});
