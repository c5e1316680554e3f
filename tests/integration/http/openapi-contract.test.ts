// The HTTP contract is declared once, on the routes: every route the server serves has request
// and response schemas and appears in /api/openapi.json, and that document is valid OpenAPI 3.1
// for an independent validator.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../../core/error-codes';
import { WILDCARD_PARAMETER } from '../../../server/http/openapi';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let document: {
  paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t.close());

/**
 * Routes the server answers that are not ours to describe: HEAD twins of GETs, CORS preflights,
 * and the built web app's files (one hidden route per file, whose names change with each build).
 */
const served = () =>
  t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !(r.schema as { hide?: boolean } | undefined)?.hide);

/** Fastify's '/a/:id/*' written the way the served document writes paths ('*' gets its name). */
const openApiPath = (url: string) => {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');
  const name = WILDCARD_PARAMETER[path];
  return name ? path.replace('{*}', `{${name}}`) : path;
};

describe('the HTTP contract', () => {
  it('every route declares a response schema for each answer it gives', () => {
    const missing = served()
      .filter((r) => !r.schema || !(r.schema as { response?: unknown }).response)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('every route appears in /api/openapi.json with its method', () => {
    const absent = served()
      .filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(absent).toEqual([]);
  });

  it('every operation states its security: the admin session on admin routes, the token on metrics, nothing elsewhere', () => {
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const needsSession = path.startsWith('/api/admin/') && path !== '/api/admin/login' && path !== '/api/admin/register';
        const expected = needsSession ? [{ adminSession: [] }] : path === '/metrics' ? [{ metricsToken: [] }] : [];
        if (JSON.stringify(operation.security) !== JSON.stringify(expected)) wrong.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists the closed set of error codes in the Error schema', () => {
    const error = document.components.schemas.Error as { properties: { error: { properties: { code: { enum: string[] } } } } };
    expect(error.properties.error.properties.code.enum).toEqual(ERROR_CODE_LIST);
  });

  it('is a valid OpenAPI 3.1 document for an independent validator', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('passes Redocly’s lint with its recommended rules: no errors, every operation with an operationId, a licence (issue 35)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      // redocly exits 1 when it finds errors; its JSON report is on stdout either way.
      const { stdout } = await promisify(execFile)('node_modules/.bin/redocly', ['lint', file, '--format=json'], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
      const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(
        report.problems.filter((p) => ['operation-operationId', 'info-license', 'path-parameters-defined'].includes(p.ruleId)),
      ).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
