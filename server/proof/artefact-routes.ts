// Downloads of one public work under /api/submissions/{id}/ (SPEC §2 badge downloads): badges,
// the authentication export, the proof bundle, the reports, the zip bundle and its file list,
// and the 'Badge code' embed snippet. Private, deleted and unknown works are 404 everywhere.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import type { PublicWork } from '../../core/api-types';
import type { AppDeps } from '../deps';
import { errorBody } from '../http/errors';
import { rateLimitConfig } from '../http/rate-limit';
import { getProofBundle } from '../tlog/proofs';
import { downloadName, renderArtefact, renderBundleFiles, type ArtefactSource, type BundleFileName } from './artefacts';
import { isBadgeSize } from './badge-png';
import { bundleListText, zipBundle } from './bundle';
import { badgeEmbedHtml } from './embed';
import { loadPublicWork } from './load-work';

// Status and proofs change (re-scoring, new checkpoints), so downloads are cached briefly only.
const CACHE = 'public, max-age=300';

type Handler = (src: ArtefactSource, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function sendNotFound(reply: FastifyReply) {
  const { title, description } = MESSAGES.submissionNotFound;
  return reply.status(404).send(errorBody('not_found', description, { title }));
}

function download(reply: FastifyReply, work: PublicWork, file: string, contentType: string, data: Buffer | string) {
  return reply
    .header('Cache-Control', CACHE)
    .header('Content-Disposition', `attachment; filename="${downloadName(work, file)}"`)
    .type(contentType)
    .send(data);
}

export async function artefactRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const siteUrl = deps.config.siteUrl;
  // Rendering PNGs, PDFs and zips costs real CPU: downloads share the public API's hourly budget.
  // (The live badge that other sites embed is not limited; it is cached instead.)
  const { rateLimit } = deps.config;
  const limited = { config: { rateLimit: rateLimitConfig('downloads', rateLimit.apiPerHour, 'hour', rateLimit.disabled) } };

  /** Registers GET /api/submissions/{id}/{file}; the log proof is read only when the file needs it. */
  function route(file: string, withProof: boolean, handler: Handler) {
    app.get(`/api/submissions/:id/${file}`, limited, async (request, reply) => {
      const work = await loadPublicWork(deps, (request.params as { id: string }).id);
      if (!work) return sendNotFound(reply);
      const proof = withProof ? await getProofBundle(deps, work.id) : null;
      return handler({ work, proof, siteUrl }, request, reply);
    });
  }

  const simple = (name: BundleFileName, withProof: boolean) =>
    route(name, withProof, async (src, _request, reply) => {
      const artefact = await renderArtefact(src, name);
      return download(reply, src.work, name, artefact.contentType, artefact.data);
    });
  simple('badge.svg', false);
  simple('proof.jsonld', true);
  simple('report.txt', true);
  simple('report.pdf', true);

  route('badge.png', false, async (src, request, reply) => {
    const size = (request.query as { size?: unknown }).size ?? 'large';
    if (!isBadgeSize(size)) {
      return reply.status(400).send(errorBody('invalid_parameter', "Invalid parameter 'size': use 'large' (800×300) or 'small' (400×150)."));
    }
    const name = size === 'large' ? 'badge-large.png' : 'badge-small.png';
    const artefact = await renderArtefact(src, name);
    return download(reply, src.work, name, artefact.contentType, artefact.data);
  });

  // The bare proof bundle for `npm run verify`; a work without a log leaf has none to give.
  route('proof.json', true, async (src, _request, reply) => {
    if (!src.proof) return reply.status(404).send(errorBody('not_logged', 'This work has no transparency-log entry yet.'));
    const artefact = await renderArtefact(src, 'proof.json');
    return download(reply, src.work, 'proof.json', artefact.contentType, artefact.data);
  });

  route('bundle.zip', true, async (src, _request, reply) => {
    const zip = await zipBundle(await renderBundleFiles(src), new Date(src.work.created_at));
    return download(reply, src.work, 'bundle.zip', 'application/zip', zip);
  });

  route('bundle.txt', true, async (src, _request, reply) => {
    const text = bundleListText(src.work, await renderBundleFiles(src));
    return download(reply, src.work, 'bundle.txt', 'text/plain; charset=utf-8', text);
  });

  // 'Badge code' copy action: the HTML snippet as JSON, for the proof page's copy button.
  route('embed', false, async ({ work }, _request, reply) => {
    const html = badgeEmbedHtml({ registryId: work.registry_id, title: work.title, artistName: work.artist_name, proofUrl: work.verify_url }, siteUrl);
    return reply.header('Cache-Control', CACHE).send({ html });
  });
}
