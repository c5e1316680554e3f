// Turns the app's route table and the hostile values into the list of requests the hostile-input
// suite sends: each value in each path parameter, each query parameter the route reads (and as a
// repeated parameter), each body field, each header that steers caching or content negotiation,
// plus raw and multipart bodies of the wrong shape.
import { WILDCARD_PARAMETER } from '../../../server/http/openapi';
import type { RouteEntry } from '../../../server/http/route-table';

export interface HostileRequest {
  /** 'METHOD /route/:pattern' as registered: which route this request exercises. */
  route: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent with the admin session cookie (its answers may show e-mails to the admin). */
  admin: boolean;
  note?: string;
}

export interface PlanInput {
  routes: readonly RouteEntry[];
  /** The query parameters each route reads, by route URL: read from the server's OpenAPI document. */
  queryParams: Readonly<Record<string, readonly string[]>>;
  /** A public work: the valid value of every `:id` the attack does not target. */
  workId: string;
  registryId: string;
  /** A work the admin actions may change (remove, restore, purge) without disturbing the rest. */
  moderatedWorkId: string;
  adminHeaders: Record<string, string>;
  submissionTemplate: Record<string, unknown>;
  masterKey: string;
  strings: readonly string[];
  jsonValues: readonly unknown[];
  rawBodies: readonly { contentType: string; body: string | Buffer }[];
  multipartBodies: readonly { headers: Record<string, string>; payload: Buffer }[];
}

/** Pages served by the app whose path carries a name or id a visitor can type. */
const PAGE_PREFIXES = ['/verify/', '/artist/'];

/**
 * The query parameters of every GET route, from an OpenAPI document, keyed by the route's
 * Fastify URL ('/api/artists/:name'): the suite attacks every parameter a route declares.
 */
const WILDCARD_PATHS = new Map(Object.entries(WILDCARD_PARAMETER).map(([path, name]) => [path.replace('{*}', `{${name}}`), path]));

export function queryParamsFromOpenApi(document: {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}): Record<string, string[]> {
  const byRoute: Record<string, string[]> = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    const names = (operations.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    // The served document names Fastify's wildcard '*' (WILDCARD_PARAMETER); the route table keeps '*'.
    const route = WILDCARD_PATHS.get(path) ?? path;
    if (names.length > 0) byRoute[route.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')] = names;
  }
  return byRoute;
}

/** Headers that steer caching, negotiation or the client address: hostile values in each. */
const HOSTILE_HEADERS = ['if-none-match', 'accept', 'x-forwarded-for'];

/** Routes whose answers are streams that never end, tested on a real socket elsewhere. */
const STREAMING = new Set(['/api/events']);

/**
 * Percent-encodes like encodeURIComponent, but also lone surrogates, which it refuses: they go
 * out as the three bytes a careless encoder would write for them (invalid UTF-8, as sent by attackers).
 */
function enc(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Header values must be visible ASCII: Node refuses anything else before the server sees it. */
const headerSafe = (value: string) => /^[\t\x20-\x7e]*$/.test(value) && value.length <= 8_000;

function isStaticFile(url: string): boolean {
  return url.startsWith('/assets/') || (/\.(js|css|svg|png|ico|txt|webmanifest|html)$/.test(url) && !url.includes(':'));
}

/** Fills every path parameter with its valid value, except `target`, which gets `value`. */
function fillPath(url: string, input: PlanInput, target?: string, value?: string): string {
  return url.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => {
    const key = name ?? '*';
    if (key === target) return enc(value ?? '');
    if (key === 'id') return url.startsWith('/api/admin/') ? input.moderatedWorkId : input.workId;
    if (key === 'name') return enc('FoxArtist');
    if (key === 'file') return url.startsWith('/badge') ? `${input.registryId}.svg` : 'works-1.xml';
    return 'x';
  });
}

function bodyTemplates(input: PlanInput): Record<string, Record<string, unknown>> {
  return {
    '/api/submissions': input.submissionTemplate,
    '/api/removal-requests': {
      submission_url: `http://ledger.test/verify/${input.workId}`,
      requestor_name: 'Rights Holder',
      requestor_email: 'rights@example.com',
      reason: 'This is my picture, registered by someone else.',
      additional_info: '',
    },
    '/api/admin/login': { email: 'moderator@example.com', password: 'wrong password' },
    '/api/admin/register': { email: 'new.admin@example.com', password: 'a long enough password', master_key: input.masterKey },
    '/api/admin/submissions/:id/remove': { reason: 'Suite check' },
    '/api/admin/submissions/:id/restore': { reason: 'Suite check' },
    '/api/admin/submissions/:id/purge': { reason: 'Suite check' },
    '/api/admin/removal-requests/:id/decision': { decision: 'denied', admin_notes: 'Suite check' },
    '/api/admin/images/check': {},
    // Decision 0063: a dispute of a claimed name, its confirmation, and its decision.
    '/api/artists/:name/disputes': { email: 'owner@example.com', links: ['https://owner.example/about'], explanation: 'Suite check' },
    '/api/claim-disputes/confirm': { token: 'x' },
    '/api/admin/claim-disputes/:id/decision': { decision: 'rejected', admin_notes: 'Suite check' },
    // A private literal address: refused with its reason, with no name to resolve and nothing sent.
    '/api/admin/webhooks': { url: 'http://10.0.0.5/hooks', events: ['work.registered'], description: 'Suite check' },
    '/api/admin/webhooks/:id': { enabled: false, events: ['work.removed'] },
  };
}

/** Each top-level field, and each field of a nested object, replaced by `value` in turn. */
function bodiesWithField(template: Record<string, unknown>, value: unknown): { field: string; body: Record<string, unknown> }[] {
  const out: { field: string; body: Record<string, unknown> }[] = [];
  for (const [field, original] of Object.entries(template)) {
    out.push({ field, body: { ...template, [field]: value } });
    if (original && typeof original === 'object' && !Array.isArray(original)) {
      for (const inner of Object.keys(original)) {
        out.push({ field: `${field}.${inner}`, body: { ...template, [field]: { ...original, [inner]: value } } });
      }
    }
  }
  return out;
}

const MULTIPART_ROUTES = new Set(['/api/uploads', '/api/lookup']);

export function buildHostileRequests(input: PlanInput): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const templates = bodyTemplates(input);
  for (const { method, url } of input.routes) {
    if ((method !== 'GET' && method !== 'POST') || isStaticFile(url) || STREAMING.has(url) || url === '/*' || url === '/') continue;
    const route = `${method} ${url}`;
    const admin =
      url.startsWith('/api/admin/') && url !== '/api/admin/login' && url !== '/api/admin/register' && url !== '/api/admin/logout';
    const baseHeaders = admin ? input.adminHeaders : url.startsWith('/api/admin/') ? { origin: input.adminHeaders.origin } : {};
    const add = (r: Omit<HostileRequest, 'route' | 'method' | 'admin'> & { admin?: boolean }) =>
      requests.push({ route, method, admin, ...r, headers: { ...baseHeaders, ...r.headers } });
    const params = [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

    for (const value of input.strings) {
      for (const param of params)
        add({
          url: fillPath(url, input, param, value),
          headers: {},
          payload: method === 'POST' ? JSON.stringify(templates[url] ?? {}) : undefined,
          note: `path ${param}`,
        });
      if (method !== 'GET') continue;
      for (const name of input.queryParams[url] ?? []) {
        const path = fillPath(url, input);
        add({ url: `${path}?${name}=${enc(value)}`, headers: {}, note: `query ${name}` });
        add({ url: `${path}?${name}=1&${name}=${enc(value)}`, headers: {}, note: `repeated query ${name}` });
      }
      if (params.length === 0 && headerSafe(value)) {
        for (const header of HOSTILE_HEADERS)
          add({ url: fillPath(url, input), headers: { [header]: value }, note: `header ${header}` });
      }
      if (admin && method === 'GET' && headerSafe(value)) {
        add({ url: fillPath(url, input), headers: { cookie: `ledger_admin=${value}` }, admin: false, note: 'session cookie' });
      }
    }

    if (method === 'POST' && MULTIPART_ROUTES.has(url)) {
      for (const body of input.multipartBodies) add({ url, headers: body.headers, payload: body.payload, note: 'multipart' });
    }
    if (method === 'POST') {
      for (const raw of input.rawBodies) {
        add({
          url: fillPath(url, input),
          headers: { 'content-type': raw.contentType },
          payload: raw.body,
          note: `raw ${raw.contentType}`,
        });
      }
      const template = templates[url];
      if (template) {
        for (const value of [...input.strings, ...input.jsonValues]) {
          for (const { field, body } of bodiesWithField(template, value)) {
            add({
              url: fillPath(url, input),
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify(body),
              note: `body ${field}`,
            });
          }
        }
      }
    }
  }
  for (const value of input.strings) {
    requests.push({
      route: 'GET /',
      method: 'GET',
      url: `/?q=${enc(value)}`,
      headers: { accept: 'text/html' },
      admin: false,
      note: 'home page query',
    });
  }
  for (const prefix of PAGE_PREFIXES) {
    for (const value of input.strings) {
      requests.push({
        route: 'GET /*',
        method: 'GET',
        url: `${prefix}${enc(value)}`,
        headers: { accept: 'text/html' },
        admin: false,
        note: 'page',
      });
    }
  }
  return requests;
}
