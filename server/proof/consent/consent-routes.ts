// Consent files for crawlers and dataset builders: /.well-known/tdmrep.json, the TDM policy, and
// the keyless opt-out set (/opt-out/v1/full.csv and daily deltas). Each file is rebuilt only when
// the ledger changed, and not more often than its minimum age (versioned-files.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../../core/app-error';
import { API_ERRORS } from '../../../core/api-error-texts';
import { TDM_POLICY_PATH, TDMREP_PATH } from '../../../core/training-consent';
import type { AppDeps } from '../../deps';
import { optOutDeltaSchema, optOutFullSchema, tdmPolicySchema, tdmRepSchema } from '../schemas';
import { readOptedInWorks, readReservedWorks } from './consent-repository';
import { OPT_OUT_PREFIX, optOutCsv, utcDay } from './opt-out-set';
import { tdmPolicy, tdmRepRules } from './tdmrep';
import { etagMatches, VersionedFiles, type BuiltFile } from './versioned-files';

// Short enough that a new reservation reaches caches within minutes; ETags make refreshes cheap.
const CACHE = 'public, max-age=300';
/** The full set, tdmrep.json and about a month of daily deltas. */
const KEPT_FILES = 40;
/**
 * The full set and tdmrep.json read every reserved (or opted-in) work, so at a million works they
 * are rebuilt at most once an hour however busy the ledger; today's delta, which reads one day,
 * at most once a minute. Staleness errs on the safe side: a newly reserved work is in today's
 * delta and sends its own headers at once, and tdmrep.json reserves every work it does not list
 * as opted in.
 */
const WHOLE_LEDGER_MIN_AGE_MS = 60 * 60_000;
const DELTA_MIN_AGE_MS = 60_000;

/**
 * The consent files are for crawlers and dataset tools, including scripts in a browser on another
 * site (issue 35): readable from any origin. A plain GET needs no preflight, so the header is enough.
 */
function openToAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.header('Access-Control-Allow-Origin', '*').header('Access-Control-Expose-Headers', 'ETag');
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile, contentType: string) {
  openToAnyOrigin(reply).header('Cache-Control', CACHE).header('ETag', file.etag);
  if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
  return reply.type(contentType).send(file.body);
}

export async function consentRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const siteUrl = deps.config.siteUrl;
  const files = new VersionedFiles(deps.db, KEPT_FILES, deps.now);

  app.get(TDMREP_PATH, { schema: tdmRepSchema }, async (request, reply) => {
    const file = await files.get(
      'tdmrep',
      async () => JSON.stringify(tdmRepRules(await readOptedInWorks(deps.db), siteUrl)),
      WHOLE_LEDGER_MIN_AGE_MS,
    );
    return sendFile(request, reply, file, 'application/json; charset=utf-8');
  });

  app.get(TDM_POLICY_PATH, { schema: tdmPolicySchema }, async (_request, reply) =>
    openToAnyOrigin(reply).header('Cache-Control', 'public, max-age=86400').send(tdmPolicy(siteUrl)),
  );

  app.get(`${OPT_OUT_PREFIX}/full.csv`, { schema: optOutFullSchema }, async (request, reply) => {
    const file = await files.get('full', async () => optOutCsv(await readReservedWorks(deps.db)), WHOLE_LEDGER_MIN_AGE_MS);
    return sendFile(request, reply, file, 'text/csv; charset=utf-8');
  });

  app.get(`${OPT_OUT_PREFIX}/delta/:file`, { schema: optOutDeltaSchema }, async (request, reply) => {
    const { file: name } = request.params;
    const day = name.endsWith('.csv') ? utcDay(name.slice(0, -'.csv'.length)) : null;
    if (!day) throw notFound(API_ERRORS.noSuchOptOutDelta);
    const file = await files.get(`delta:${name}`, async () => optOutCsv(await readReservedWorks(deps.db, day)), DELTA_MIN_AGE_MS);
    return sendFile(request, reply, file, 'text/csv; charset=utf-8');
  });
}
