// The web app's read endpoints: GET /api/ledger, GET /api/featured, GET /api/artists/{name}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ArtistResponse, FeaturedResponse, LedgerResponse } from '../../core/api-types';
import { ledgerResponseSchema } from '../../core/api/ledger';
import { PAGE_SIZES } from '../../core/constants';
import { ledgerToolOptions } from '../../core/tools';
import type { AppDeps } from '../deps';
import { ledgerGainsWorkAfter, pickFeatured, readFeaturedPool, readLedgerPage } from './ledger-repository';
import { findNameClaim, provenIdentitiesOf } from '../link-proofs/claims-repository';
import { readArtistPage } from '../works/works-repository';
import { readLedgerSummary } from './ledger-summary-repository';
import { queryParameterRules } from './invalid-parameter';
import { appLedgerSchema, artistSchema, featuredSchema } from './schemas';
import { toWorkSummary } from '../works/work-summary';
import {
  CachedAnswers,
  currentLedgerStamps,
  perLedgerVersion,
  readLedgerVersion,
  refreshAheadOnChange,
  type KeptAnswer,
} from '../ledger-cache';
import type { LedgerQueryParams } from './ledger-query';
import { CompressedForms, sendCompressed } from '../http/compressed-forms';
import { encodeLedgerCursor, filterFingerprint, type CursorDirection, type CursorKey } from './ledger-cursor';
import { keptAnswer } from './http-cache';
import { ARTIST_CONTENT_TYPE, artistAnswers } from './artist-answers';

const ledgerPageSchema = ledgerResponseSchema.pick({
  items: true,
  total: true,
  total_exact: true,
  page: true,
  page_size: true,
  next_cursor: true,
  prev_cursor: true,
});
type LedgerPagePart = Pick<LedgerResponse, 'items' | 'total' | 'total_exact' | 'page' | 'page_size' | 'next_cursor' | 'prev_cursor'>;
const ledgerFiguresSchema = ledgerResponseSchema.pick({
  total_verified: true,
  tool_options: true,
  platform_options: true,
  tag_options: true,
});

/**
 * Bytes of built ledger pages kept per process for reuse (cached-answers.ts says for how long):
 * a page is about 7 KB at a million works, so 8 MB keeps several hundred with their compressed
 * forms, and the least recently used go first, so the pages visitors keep opening stay (16 MB
 * held pages opened once; issue 38).
 */
const LEDGER_CACHE_BYTES = 8 * 1024 * 1024;
const LEDGER_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Date filters count back from now; a page built this recently is still right. */
const DATE_FILTER_RESOLUTION_MS = 60_000;

export async function appReadRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ledgerCache = new CachedAnswers(deps.db, LEDGER_CACHE_BYTES, deps.now);
  /** Each kept page's answer as last joined to the figures. */
  const joinedAnswers = new WeakMap<KeptAnswer, { figuresText: string; answer: CompressedForms }>();
  // The featured pool is read once per ledger version; the pick from it is new on every visit.
  const featuredPoolAt = perLedgerVersion(() => readFeaturedPool(deps.db));
  // The header figures and filter options cover the whole ledger, so every registration changes
  // them: read from the counter rows once per change, and joined to the kept page on each answer.
  const figuresAt = perLedgerVersion(async () => {
    const figures = await readLedgerSummary(deps.db);
    const part: Pick<LedgerResponse, 'total_verified' | 'tool_options' | 'platform_options' | 'tag_options'> = {
      total_verified: figures.verified,
      tool_options: ledgerToolOptions(figures.toolsInLedger),
      platform_options: figures.platforms,
      tag_options: figures.tags,
    };
    return { figures, text: JSON.stringify(ledgerFiguresSchema.parse(part)) };
  });

  /**
   * The whole /api/ledger answer to `query`: the kept (or newly built) page joined to the
   * figures. `waitForRebuild`: the page with the newest works, even if another request is building it.
   */
  const answerLedger = async (query: LedgerQueryParams, options: { waitForRebuild?: boolean } = {}): Promise<CompressedForms> => {
    const now = deps.now();
    const minute = Math.floor(now.getTime() / DATE_FILTER_RESOLUTION_MS);
    const key = JSON.stringify([query.date ? minute : null, query]);
    const stamps = await currentLedgerStamps(deps.db);
    // Read while the kept page is checked (one database round trip fewer after a change); awaited
    // below whatever happens, so a failure is never left unhandled.
    const figuresRead = figuresAt(`${stamps.changes}/${stamps.additions}`);
    figuresRead.catch(() => undefined);
    // A page read backwards from a cursor may turn out to be the first page, where a new work shows.
    const mayBeFirstPage = query.cursor ? query.cursor.direction === 'prev' : query.page === 1;
    const scope = { firstPage: mayBeFirstPage, gainsWorkAfter: (seq: string) => ledgerGainsWorkAfter(deps.db, query, now, seq) };
    const cached = await ledgerCache.get(
      key,
      scope,
      async () => {
        const page = await readLedgerPage(
          deps.db,
          query,
          now,
          figuresRead.then((read) => read.figures),
        );
        const cursorTo = (direction: CursorDirection, key: CursorKey | null) =>
          key && encodeLedgerCursor({ sort: query.sort, filters: filterFingerprint(query), direction, page: page.page, key });
        const part: LedgerPagePart = {
          items: page.rows.map(toWorkSummary),
          total: page.total.value,
          total_exact: page.total.exact,
          page: page.page,
          page_size: PAGE_SIZES.ledger,
          next_cursor: cursorTo('next', page.after),
          prev_cursor: cursorTo('prev', page.before),
        };
        // Sent as cached text, which the response serializer never sees: checked against the
        // declared schema here instead, as the serializer checks the other answers.
        return keptAnswer(JSON.stringify(ledgerPageSchema.parse(part)), LEDGER_CONTENT_TYPE);
      },
      stamps,
      options,
    );
    // A page served while the one with the newest works is built goes with the figures last read,
    // rather than every request waiting for the new figures.
    const servedWhileRebuilding = cached.stamps.additions !== stamps.additions;
    const { text: figuresText } = (servedWhileRebuilding && figuresAt.latest()) || (await figuresRead);
    // Two JSON objects with distinct keys, joined into one as bytes: {page part, figures part} (a
    // brace is one byte in UTF-8). Joined once per kept page and figures, so its compressed forms
    // serve every request until either changes.
    const joined = joinedAnswers.get(cached);
    if (joined?.figuresText === figuresText) return joined.answer;
    const answer = new CompressedForms(Buffer.concat([cached.body.subarray(0, -1), Buffer.from(`,${figuresText.slice(1)}`, 'utf8')]));
    joinedAnswers.set(cached, { figuresText, answer });
    return answer;
  };
  // First pages (numbered page 1; where a new work shows) are rebuilt each time the stamps this
  // process serves move, while visitors ask for them (refresh-ahead.ts).
  const firstPages = refreshAheadOnChange(fastify, deps.db, (query: LedgerQueryParams) =>
    answerLedger(query, { waitForRebuild: true }).then((answer) => answer.prepareAskedForms()),
  );

  app.get('/api/ledger', { schema: appLedgerSchema, ...queryParameterRules() }, async (request, reply) => {
    const query = request.query;
    if (!query.cursor && query.page === 1) firstPages.asked(JSON.stringify(query), query);
    return sendCompressed(request, reply.type(LEDGER_CONTENT_TYPE), await answerLedger(query));
  });

  app.get('/api/featured', { schema: featuredSchema }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const pool = await featuredPoolAt(await readLedgerVersion(deps.db));
    const body: FeaturedResponse = { items: pickFeatured(pool).map(toWorkSummary) };
    return body;
  });

  const artistAnswer = artistAnswers(deps.db, deps.now);
  app.get('/api/artists/:name', { schema: artistSchema, ...queryParameterRules() }, async (request, reply) => {
    // Fastify has already percent-decoded the path segment.
    const { name } = request.params;
    const { page: pageNumber } = request.query;
    const answer = await artistAnswer(name, pageNumber, () => buildArtistAnswer(name, pageNumber));
    return sendCompressed(request, reply.type(ARTIST_CONTENT_TYPE), answer.compressed);
  });

  const buildArtistAnswer = async (name: string, pageNumber: number): Promise<ArtistResponse> => {
    // Decision 0061: a claimed name lists its claimant's works as the artist's, the rest apart;
    // links shown as the artist's are only the proven ones, never a newest work's typed links.
    const claim = await findNameClaim(deps.db, name);
    const owner = claim && { claimantEmail: claim.claimantEmail, claimant: true };
    const [page, others, identities] = await Promise.all([
      readArtistPage(deps.db, name, pageNumber, owner),
      claim ? readArtistPage(deps.db, name, 1, { claimantEmail: claim.claimantEmail, claimant: false }) : undefined,
      claim ? provenIdentitiesOf(deps.db, name) : [],
    ]);
    const body: ArtistResponse = {
      artist_name: name,
      author_full_name: claim ? (page.newest?.author_full_name ?? null) : null,
      portfolio_link: claim ? (page.newest?.portfolio_link ?? null) : null,
      external_link: claim ? (page.newest?.external_link ?? null) : null,
      total: page.total,
      verified_total: page.verified,
      page: pageNumber,
      page_size: PAGE_SIZES.artist,
      items: page.rows.map(toWorkSummary),
      claimed: claim !== undefined,
      claimed_at: claim ? claim.claimedAt.toISOString() : null,
      proven_identities: identities.map((i) => ({ url: i.url, proven_at: i.provenAt.toISOString() })),
      others_total: others?.total ?? 0,
      others: others?.rows.map(toWorkSummary) ?? [],
    };
    return body;
  };
}
