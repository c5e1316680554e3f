// The artist page's answers (GET /api/artists/{name}) kept like the ledger's (cached-answers.ts):
// built once, then served until a change makes them out of date. An artist with 130,000 works
// cost over a second a request, every request, because the page counts their works (issue 38).
// A registration by someone else leaves the kept answer current (the artist's list gains no work);
// one by the artist rebuilds their first page at once and lets a deeper page lag by at most
// LEDGER_LIST_STALE_SECONDS, as on the ledger; a change to any public work rebuilds every answer.
import type { Kysely } from 'kysely';
import { artistResponseSchema } from '../../core/api/ledger';
import type { ArtistResponse } from '../../core/api-types';
import type { DB } from '../db/types';
import { CachedAnswers, type KeptAnswer } from '../ledger-cache';
import { publicWorkOfArtistAfter } from './ledger-summary-repository';
import { keptAnswer } from './http-cache';

/** Bytes of built artist pages kept per process. */
const ARTIST_CACHE_BYTES = 8 * 1024 * 1024;
export const ARTIST_CONTENT_TYPE = 'application/json; charset=utf-8';

export function artistAnswers(db: Kysely<DB>, now: () => Date) {
  const cache = new CachedAnswers(db, ARTIST_CACHE_BYTES, now);
  return (name: string, page: number, build: () => Promise<ArtistResponse>): Promise<KeptAnswer> =>
    cache.get(
      JSON.stringify([name, page]),
      {
        firstPage: page === 1,
        gainsWorkAfter: (seq) => publicWorkOfArtistAfter(db, seq, name),
      },
      async () => {
        // Sent as kept text, which the response serializer never sees: checked here instead.
        return keptAnswer(JSON.stringify(artistResponseSchema.parse(await build())), ARTIST_CONTENT_TYPE);
      },
    );
}
