// Downloads of one public work under /api/submissions/{id}/ (docs/product.md §2 badge downloads): badges,
// the authentication export, the proof bundle, the reports, the zip bundle and its file list,
// and the 'Badge code' embed snippet. Private, deleted and unknown works are 404 everywhere.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, invalidParameter } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { MESSAGES } from '../../core/messages';
import type { PublicWork } from '../../core/api-types';
import { trainingConsentHeaders } from '../../core/training-consent';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import { witnessedProofBundle } from '../tlog/witnessing/proof-bundle';
import { downloadName, renderArtefact, renderBundleFiles, type ArtefactSource, type BundleFileName } from './artefacts';
import { bundleListText, zipBundle } from './bundle';
import { badgeEmbedHtml } from './embed';
import { loadPublicWork } from './load-work';
import {
  badgePngSchema,
  badgeSvgSchema,
  bundleTxtSchema,
  bundleZipSchema,
  embedSchema,
  proofJsonldSchema,
  proofJsonSchema,
  reportPdfSchema,
  reportTxtSchema,
} from './schemas';

// Status and proofs change (re-scoring, new checkpoints), so downloads are cached briefly only.
const CACHE = 'public, max-age=300';

function download(reply: FastifyReply, work: PublicWork, siteUrl: string, file: string, contentType: string, data: Buffer | string) {
  return reply
    .headers(trainingConsentHeaders(work.permissions.allow_ai_training, siteUrl))
    .header('Cache-Control', CACHE)
    .header('Content-Disposition', `attachment; filename="${downloadName(work, file)}"`)
    .type(contentType)
    .send(data);
}

export async function artefactRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const siteUrl = deps.config.siteUrl;
  // Rendering PNGs, PDFs and zips costs real CPU: downloads share the public API's hourly budget.
  // (The live badge that other sites embed is not limited; it is cached instead.)
  const { rateLimit } = deps.config;
  const config = { rateLimit: rateLimitConfig('downloads', rateLimit.apiPerHour, 'hour', rateLimit.disabled) };

  /** The work and, when the file needs it, its log proof; private, deleted and unknown works are 404. */
  async function source(ref: string, withProof: boolean): Promise<ArtefactSource> {
    const work = await loadPublicWork(deps, ref);
    if (!work) {
      const { title, description } = MESSAGES.submissionNotFound;
      throw appError('not_found', description, { title });
    }
    const proof = withProof ? await witnessedProofBundle(deps, work.id) : null;
    return { work, proof, siteUrl };
  }

  const simple = (name: BundleFileName, schema: typeof badgeSvgSchema, withProof: boolean) =>
    app.get(`/api/submissions/:id/${name}`, { schema, config }, async (request, reply) => {
      const src = await source(request.params.id, withProof);
      const artefact = await renderArtefact(src, name);
      return download(reply, src.work, siteUrl, name, artefact.contentType, artefact.data);
    });
  simple('badge.svg', badgeSvgSchema, false);
  simple('proof.jsonld', proofJsonldSchema, true);
  simple('report.txt', reportTxtSchema, true);
  simple('report.pdf', reportPdfSchema, true);

  app.get(
    '/api/submissions/:id/badge.png',
    // A size that is neither 'large' nor 'small' (or is given twice) gets the one sentence that says which are.
    { schema: badgePngSchema, config: { ...config, validationError: () => invalidParameter(API_ERRORS.badgeSizeInvalid) } },
    async (request, reply) => {
      const src = await source(request.params.id, false);
      const name = (request.query.size ?? 'large') === 'large' ? 'badge-large.png' : 'badge-small.png';
      const artefact = await renderArtefact(src, name);
      return download(reply, src.work, siteUrl, name, artefact.contentType, artefact.data);
    },
  );

  // The bare proof bundle for `npm run verify`; a work without a log leaf has none to give.
  app.get('/api/submissions/:id/proof.json', { schema: proofJsonSchema, config }, async (request, reply) => {
    const src = await source(request.params.id, true);
    if (!src.proof) throw appError('not_logged');
    const artefact = await renderArtefact(src, 'proof.json');
    return download(reply, src.work, siteUrl, 'proof.json', artefact.contentType, artefact.data);
  });

  app.get('/api/submissions/:id/bundle.zip', { schema: bundleZipSchema, config }, async (request, reply) => {
    const src = await source(request.params.id, true);
    const zip = await zipBundle(await renderBundleFiles(src), new Date(src.work.created_at));
    return download(reply, src.work, siteUrl, 'bundle.zip', 'application/zip', zip);
  });

  app.get('/api/submissions/:id/bundle.txt', { schema: bundleTxtSchema, config }, async (request, reply) => {
    const src = await source(request.params.id, true);
    const text = bundleListText(src.work, await renderBundleFiles(src));
    return download(reply, src.work, siteUrl, 'bundle.txt', 'text/plain; charset=utf-8', text);
  });

  // 'Badge code' copy action: the HTML snippet as JSON, for the proof page's copy button.
  app.get('/api/submissions/:id/embed', { schema: embedSchema, config }, async (request, reply) => {
    const { work } = await source(request.params.id, false);
    const html = badgeEmbedHtml(
      { registryId: work.registry_id, title: work.title, artistName: work.artist_name, proofUrl: work.verify_url },
      siteUrl,
    );
    return reply.header('Cache-Control', CACHE).send({ html });
  });
}
