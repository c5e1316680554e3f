// The OpenAPI 3.1 document, generated from the routes' own zod schemas as they are registered,
// so the description cannot drift from what the server validates and answers. Served at
// /api/openapi.json; the API reference page and the admin route list are read from it.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_SESSION_COOKIE } from '../../core/admin-api-types';
import { SITE_NAME } from '../../core/site';
import { PUBLIC_API } from '../../core/constants';
import { jsonResponse } from './api-schemas';

export const OPENAPI_PATH = '/api/openapi.json';
export const ADMIN_SECURITY_SCHEME = 'adminSession';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an admin session (login, register). */
    adminPublic?: boolean;
    /** Reachable with a half session (password only): the second-factor steps (decision 0068). */
    adminHalfSession?: boolean;
  }
}

const TAGS = [
  { name: 'Public read API', description: 'The ledger as a dataset: open to any origin, rate limited per address, cacheable.' },
  { name: 'App', description: "The web app's read endpoints." },
  { name: 'Registration', description: 'Upload an image, register a work, look an image up.' },
  { name: 'Proof', description: 'Proof pages, badges, reports and bundles of a work.' },
  { name: 'Transparency log', description: 'The append-only log: checkpoints, proofs, entries and C2SP tiles.' },
  { name: 'Removal', description: 'Rights holders ask for a work to be removed.' },
  { name: 'Claim disputes', description: 'A person disputes who claimed an artist name; admins decide (decision 0063).' },
  { name: 'Manage', description: 'Artists change their own works through a single-use link sent to their address.' },
  { name: 'Admin', description: 'Moderation with a full audit trail; needs an admin session.' },
  { name: 'Site', description: 'Health, site facts, pages, feeds and crawler files.' },
  { name: 'Consent', description: "The artists' AI-training choices for crawlers and dataset builders: TDMRep and the opt-out set." },
  { name: 'Operations', description: "The operator's metrics, for Prometheus; needs the metrics token." },
];

/** The operator's metrics route (server/metrics/), which needs METRICS_TOKEN as a bearer token. */
const METRICS_URL = '/metrics';
const METRICS_SECURITY_SCHEME = 'metricsToken';

/** Admin routes need the session cookie, metrics the bearer token; every other operation says explicitly that it needs nothing. */
function securityOf(url: string, adminPublic: boolean | undefined): Record<string, string[]>[] {
  if (url === METRICS_URL) return [{ [METRICS_SECURITY_SCHEME]: [] }];
  return url.startsWith('/api/admin/') && !adminPublic ? [{ [ADMIN_SECURITY_SCHEME]: [] }] : [];
}

/** Call before any route is registered: the document is collected as routes are added. */
export async function installOpenApi(app: FastifyInstance, siteUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${SITE_NAME} API`,
        version: PUBLIC_API.apiVersion,
        description: `The ${SITE_NAME} registry of AI-generated artwork: the public read API, the app's JSON API, proofs and the transparency log.`,
        // The ledger's data as a dataset (docs/product.md: individual works may carry their own licence).
        license: { name: 'CC BY 4.0 (the ledger data; a work may carry its own licence)', identifier: 'CC-BY-4.0' },
      },
      servers: [{ url: siteUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          [ADMIN_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: ADMIN_SESSION_COOKIE,
            description: 'Set by POST /api/admin/login.',
          },
          [METRICS_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: "The server's METRICS_TOKEN, sent as Authorization: Bearer <token>.",
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const adminPublic = (input.route.config as { adminPublic?: boolean } | undefined)?.adminPublic;
      return { ...transformed, schema: { ...transformed.schema, security: securityOf(input.url, adminPublic) } };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** Names for the wildcard paths' one parameter, which Fastify calls '*' (not a valid OpenAPI name). */
export const WILDCARD_PARAMETER: Readonly<Record<string, string>> = {
  '/artworks/{*}': 'key',
  '/log/tile/{*}': 'tile_path',
  '/{*}': 'page_path',
};

type Operation = { operationId?: string; parameters?: { in: string; name: string }[] };
type PathItem = Record<string, Operation>;

/** 'get' + '/api/submissions/{id}/report.pdf' → 'getApiSubmissionsIdReportPdf': unique per method and path. */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/**
 * The generated document, made valid for OpenAPI tools (issue 35, Redocly): wildcard parameters
 * get real names, and every operation an operationId.
 */
export function finishOpenApiDocument<T extends { paths?: Record<string, PathItem> }>(document: T): T {
  const paths: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const name = WILDCARD_PARAMETER[path];
    const finalPath = name ? path.replace('{*}', `{${name}}`) : path;
    const finalItem: PathItem = {};
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters?.map((p) => (name && p.in === 'path' && p.name === '*' ? { ...p, name } : p));
      finalItem[method] = { ...operation, ...(parameters && { parameters }), operationId: operationIdOf(method, finalPath) };
    }
    paths[finalPath] = finalItem;
  }
  return { ...document, paths };
}

/** GET /api/openapi.json; registered with the other routes, after the rate limit is installed. */
export function openApiRoute(app: FastifyInstance): void {
  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ['Site'],
        summary: 'This OpenAPI 3.1 document',
        response: { 200: jsonResponse(z.looseObject({ openapi: z.string() }), 'The OpenAPI document.') },
      },
    },
    async (_request, reply) => {
      // Built on first use: every route is registered by then.
      document ??= JSON.stringify(finishOpenApiDocument(app.swagger() as { paths?: Record<string, PathItem> }));
      // Readable from any site's browser code (API explorers, client generators).
      return reply.header('Access-Control-Allow-Origin', '*').type('application/json; charset=utf-8').send(document);
    },
  );
}
