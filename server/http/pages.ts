// Serves the built React app for every page route of docs/product.md §2. Unknown paths get HTTP 404 with the
// app's 404 page. Features can add head tags (title, Open Graph, JSON-LD) for crawlers and decide
// the status of a page (e.g. 404 for a missing proof page) through PageHeadProviders.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { MESSAGES } from '../../core/messages';
import { isKnownPagePath } from '../../core/routes';
import { hasForbiddenCharacters } from '../../core/text-safety';
import { SITE_NAME } from '../../core/site';
import { homePageSchema, pageSchema } from './schemas';
import { binaryResponse } from './api-schemas';

export interface PageHead {
  status: number;
  /** Raw HTML placed at the end of <head>; the provider is responsible for escaping. */
  headHtml: string;
  /** Optional server-rendered text for the body before the app starts (no-JS readers). */
  bodyHtml?: string;
  /** Replaces the document title when set (already escaped). */
  title?: string;
  /** Extra response headers of the page (e.g. a work's TDMRep / Content-Usage consent headers). */
  headers?: Record<string, string>;
}

/** `rawPathname` is the path as sent, still percent-encoded (see core/routes.ts pageParam). */
export type PageHeadProvider = (rawPathname: string, request: FastifyRequest) => Promise<PageHead | null>;

const NOT_FOUND_BODY = `<main><h1>${MESSAGES.notFound.description}</h1><p><a href="/">Return to Home</a></p></main>`;

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${SITE_NAME}</title></head><body><div id="root"></div></body></html>`;

function loadShell(webDist: string): string {
  const file = path.join(webDist, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : FALLBACK_SHELL;
}

export function renderShell(shell: string, head: Partial<PageHead>): string {
  let html = shell;
  if (head.title) html = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${head.title}</title>`);
  if (head.headHtml) {
    // The page's own description replaces the shell's generic one: crawlers take the first.
    if (head.headHtml.includes('name="description"')) html = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
    html = html.replace('</head>', `${head.headHtml}</head>`);
  }
  if (head.bodyHtml) html = html.replace('<div id="root"></div>', `<div id="root">${head.bodyHtml}</div>`);
  return html;
}

const faviconSchema = {
  tags: ['Site'],
  summary: "The site's icon, for clients that ask for /favicon.ico (it is the SVG icon the pages link)",
  response: { 200: binaryResponse('The icon.', 'image/svg+xml') },
};

export async function installPages(app: FastifyInstance, webDist: string, providers: PageHeadProvider[]): Promise<void> {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Built assets come with .br and .gz copies (web/vite-precompress.ts): sent as the
      // request's Accept-Encoding allows, compressed once at build time instead of per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so they never change under one URL.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  if (hasBuild && fs.existsSync(path.join(webDist, 'favicon.svg'))) {
    // Browsers, feed readers and link previews ask for /favicon.ico whatever the page links (issue 35).
    app.get('/favicon.ico', { schema: faviconSchema }, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').sendFile('favicon.svg'),
    );
  }
  // Read once; in development (no build) a minimal shell keeps the server usable.
  const shell = loadShell(webDist);

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Matched as sent: an artist name with '/' is one segment only while it is still encoded.
    const rawPathname = request.url.split('?')[0];
    const pathname = decodeURIComponentSafe(rawPathname);
    if (pathname.startsWith('/api/') && !isKnownPagePath(rawPathname)) {
      throw notFound(API_ERRORS.noSuchApiEndpoint);
    }
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    // A path no stored name can hold (a NUL, a broken surrogate) names nothing: the not-found page.
    if (!isKnownPagePath(rawPathname) || hasForbiddenCharacters(pathname)) {
      request.log.warn({ path: pathname }, 'page not found');
      return reply.status(404).send(renderShell(shell, { bodyHtml: NOT_FOUND_BODY }));
    }
    for (const provider of providers) {
      const head = await provider(rawPathname, request);
      if (head)
        return reply
          .status(head.status)
          .headers(head.headers ?? {})
          .send(renderShell(shell, head));
    }
    return reply.status(200).send(shell);
  };

  app.get('/*', { schema: pageSchema }, servePage);
  app.get('/', { schema: homePageSchema }, servePage);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
