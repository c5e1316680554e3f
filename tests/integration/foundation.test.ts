import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { testDatabaseKind } from '../helpers/test-database';
import { STATIC_PAGE_PATHS } from '../../core/routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('foundation', () => {
  it(`answers GET /api/health with 200 and the database kind (${testDatabaseKind})`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDatabaseKind });
  });

  it('serves every page route with 200 and HTML', async () => {
    for (const route of STATIC_PAGE_PATHS) {
      const res = await t.app.inject({ method: 'GET', url: route });
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it("answers an unknown page with 404 and the 'Oops! Page not found' page", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Oops! Page not found');
    expect(res.body).toContain('<a href="/">Return to Home</a>');
  });

  it('answers an unknown API path with a JSON 404 in the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint.' } });
  });

  it('sends security headers: CSP without inline scripts, nosniff, no framing, referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('exposes the site configuration without a sponsor form when no payment URL is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json()).toEqual({
      site_name: 'VeriWork',
      site_url: 'http://ledger.test',
      support_email: 'support@veriwork.example',
      sponsor_url: null,
      log_witnesses: 0,
      log_witness_quorum: 0,
    });
  });

  it('answers /favicon.ico with the site icon, not 404 (issue 35)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe(fs.readFileSync(path.resolve('web/dist/favicon.svg'), 'utf8'));
  });

  it('refuses an image path that is not a server-made key with 404', async () => {
    for (const url of ['/artworks/../../etc/passwd', '/artworks/2026/01/not-a-uuid.jpg', '/artworks/%2e%2e/db.lock']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('answers malformed JSON with 400 and a plain message, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health-check-does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('creates the schema: tables, both views, the registry counter and trigram search', async () => {
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(t.deps.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'active_submissions',
      'admin_factors',
      'admin_recovery_codes',
      'admin_sessions',
      'admin_users',
      'artist_claims',
      'artist_work_links',
      'audit_log',
      'build_claims',
      'c2pa_manifest_stores',
      'claim_disputes',
      'co_author_invitation_mails',
      'co_author_invitations',
      'domain_proofs',
      'fingerprint_epoch',
      'image_fingerprints',
      'image_region_hashes',
      'job_runners',
      'ledger_counters',
      'ledger_page_segments',
      'ledger_version',
      'link_proofs',
      'login_throttle',
      'mail_deliveries',
      'manage_links',
      'manage_sessions',
      'periodic_job_runs',
      'public_submissions',
      'rate_limit_counters',
      'registry_counter',
      'removal_requests',
      'rescore_runs',
      'schema_migrations',
      'submissions',
      'tlog_checkpoints',
      'tlog_cosignatures',
      'tlog_identity',
      'tlog_leaves',
      'tlog_retired_checkpoints',
      'tlog_subtrees',
      'uploads',
      'watch_alerts',
      'watch_scan_state',
      'webhook_deliveries',
      'webhook_endpoints',
      'work_updates',
      'work_watches',
    ]);
    // Registry numbers come from a one-row counter (migration 006); the first work gets 1.
    const seq = await sql<{ n: string }>`SELECT last_seq + 1 AS n FROM registry_counter`.execute(t.deps.db);
    expect(seq.rows.map((r) => Number(r.n))).toEqual([1]);
    const trgm = await sql<{ similarity: number }>`SELECT similarity('sunset', 'sunsets') AS similarity`.execute(t.deps.db);
    expect(trgm.rows[0].similarity).toBeGreaterThan(0.5);
  });

  it('turns JIT off in every trigger function that reads a transition table (decision 0077)', async () => {
    const triggers = await sql<{ trigger: string; config: string[] | null }>`
      SELECT t.tgname AS trigger, p.proconfig AS config
      FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND (t.tgoldtable IS NOT NULL OR t.tgnewtable IS NOT NULL)
      ORDER BY t.tgname`.execute(t.deps.db);
    expect(triggers.rows.map((r) => r.trigger)).toEqual([
      'artist_work_links_insert_trg',
      'artist_work_links_update_trg',
      'submissions_counters_delete_trg',
      'submissions_counters_insert_trg',
      'submissions_counters_update_trg',
      'submissions_segments_delete_trg',
      'submissions_segments_insert_trg',
      'submissions_segments_update_trg',
    ]);
    expect(triggers.rows.filter((r) => !(r.config ?? []).includes('jit=off')).map((r) => r.trigger)).toEqual([]);
  });
});
