// Public endpoints outside /api/submissions: the live badge, oEmbed, robots.txt and sitemaps.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, notFound } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { BADGE_SIZES } from '../../core/constants';
import type { AppDeps } from '../deps';
import { badgeSvg } from './badge-svg';
import { badgeInputFor } from './artefacts';
import { loadLiveBadgeState, loadPublicWork } from './load-work';
import { oembedResponse, oembedSize, oembedTarget } from './oembed';
import { OEMBED_XML_CONTENT_TYPE, oembedXml } from './oembed-xml';
import { robotsTxt, sitemapPartXml, sitemapXml } from './sitemap';
import { PROOF_VOCABULARY_PATH, proofVocabulary } from './proof-vocabulary';
import { liveBadgeSchema, oembedSchema, proofVocabularySchema, robotsSchema, sitemapPartSchema, sitemapSchema } from './schemas';
import { proofUrl } from './urls';

// The live badge follows the work's status; five minutes keeps embeds cheap and still current.
const LIVE_BADGE_CACHE = 'public, max-age=300';
const SITEMAP_CACHE = 'public, max-age=3600';

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value) || undefined;
}

export async function publicRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const siteUrl = deps.config.siteUrl;

  app.get('/badge/:file', { schema: liveBadgeSchema }, async (request, reply) => {
    const { file } = request.params;
    const ref = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
    const state = ref ? await loadLiveBadgeState(deps, ref) : ({ kind: 'missing' } as const);
    const svg =
      state.kind === 'public'
        ? badgeSvg(badgeInputFor(state.work), BADGE_SIZES.large)
        : state.kind === 'removed'
          ? badgeSvg({ kind: 'removed', id: state.id, registryId: state.registryId, proofUrl: proofUrl(siteUrl, state.id) })
          : badgeSvg({ kind: 'missing' });
    return reply
      .status(state.kind === 'missing' ? 404 : 200)
      .header('Cache-Control', LIVE_BADGE_CACHE)
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });

  app.get(
    '/oembed',
    // oEmbed 1.0 defines json (the default) and xml; any other format is 501 Not Implemented.
    // (The other parameters cannot fail validation: see the schema.)
    { schema: oembedSchema, config: { validationError: () => appError('not_implemented', API_ERRORS.oembedFormat) } },
    async (request, reply) => {
      const query = request.query;
      const format = query.format ?? 'json';
      const ref = oembedTarget(query.url, siteUrl);
      const work = ref ? await loadPublicWork(deps, ref) : null;
      if (!work) throw notFound(API_ERRORS.noPublicProofPage);
      const size = oembedSize(positiveInt(query.maxwidth), positiveInt(query.maxheight));
      if (!size) throw notFound(API_ERRORS.badgeTooSmall);
      const response = oembedResponse(work, siteUrl, size);
      // Any site may read it from a browser (oEmbed consumers are other sites' scripts too).
      reply.header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*');
      return format === 'xml' ? reply.type(OEMBED_XML_CONTENT_TYPE).send(oembedXml(response)) : reply.send(response);
    },
  );

  // proof.jsonld's @vocab resolves: what each of its terms means (issue 35).
  app.get(PROOF_VOCABULARY_PATH, { schema: proofVocabularySchema }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('Access-Control-Allow-Origin', '*')
      .type('application/ld+json; charset=utf-8')
      .send(JSON.stringify(proofVocabulary(siteUrl))),
  );

  app.get('/robots.txt', { schema: robotsSchema }, async (_request, reply) =>
    reply.header('Cache-Control', SITEMAP_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)),
  );

  app.get('/sitemap.xml', { schema: sitemapSchema }, async (_request, reply) =>
    reply
      .header('Cache-Control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(deps.db, siteUrl)),
  );

  app.get('/sitemaps/:file', { schema: sitemapPartSchema }, async (request, reply) => {
    const { file } = request.params;
    const xml = file.endsWith('.xml') ? await sitemapPartXml(deps.db, siteUrl, file.slice(0, -'.xml'.length)) : null;
    if (!xml) throw notFound(API_ERRORS.noSuchSitemap);
    return reply.header('Cache-Control', SITEMAP_CACHE).type('application/xml; charset=utf-8').send(xml);
  });
}
