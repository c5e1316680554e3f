// The HTTP questions `npm run bench:scale` asks, each with the SQL the app's repository sends
// for it (recorded through the real repository functions, see plain-routes.ts), so the plain
// `pg` reference answers the same question with the same statements.
import type pg from 'pg';
import { PAGE_SIZES } from '../../core/constants';
import { postgresTextToIso } from '../../server/ledger/cursor-token';
import { decodeLedgerCursor, encodeLedgerCursor, filterFingerprint } from '../../server/ledger/ledger-cursor';
import { ledgerQuerySchema } from '../../server/ledger/ledger-query';
import { SEGMENT_TABLE_MARK } from '../../server/ledger/page-segments-repository';
import { readLedgerPage } from '../../server/ledger/ledger-repository';
import { parsePublicApiQuery } from '../../server/ledger/public-api/params';
import { readPublicApiPage } from '../../server/ledger/public-api-repository';
import { readArtistPage } from '../../server/works/works-repository';
import { PUBLIC_TOTAL_SQL, recordQueries, summaryWithTotal, type RecordedQuery } from './plain-routes';
import { EXPORT_FORMATS } from './exports-cold';

export interface HttpScenario {
  name: string;
  path: string;
  /** What the plain route runs for a request of this scenario (undefined: not this scenario's). */
  plain: (url: URL) => RecordedQuery[] | undefined;
  /** A new path for each request (request number → path), so no cached answer can help. */
  distinctPath?: (n: number) => string;
}

const samePath = (path: string, queries: RecordedQuery[]) => (url: URL) =>
  `${url.pathname}${url.search}` === path ? queries : undefined;

async function ledgerQueries(pool: pg.Pool, query: Record<string, string>): Promise<RecordedQuery[]> {
  const params = ledgerQuerySchema.parse(query);
  const publicTotal = await pool.query<{ n: string }>(PUBLIC_TOTAL_SQL.sql);
  const unfiltered = !params.search && !params.tool && !params.tag && !params.platform && !params.date;
  // The segment table a deep page is placed by is kept in the app's memory and read only when the
  // ledger changes (page-segments-repository.ts); the plain route replays what a request sends.
  const recorded = (
    await recordQueries(pool, (db) => readLedgerPage(db, params, new Date(), summaryWithTotal(Number(publicTotal.rows[0].n))))
  ).filter((q) => !q.sql.includes(SEGMENT_TABLE_MARK));
  return unfiltered ? [...recorded, PUBLIC_TOTAL_SQL] : recorded;
}

async function ledgerScenario(pool: pg.Pool, name: string, query: Record<string, string>): Promise<HttpScenario> {
  const search = new URLSearchParams(query).toString();
  const path = `/api/ledger${search ? `?${search}` : ''}`;
  return { name, path, plain: samePath(path, await ledgerQueries(pool, query)) };
}

/**
 * Next pages read by cursor from random places in the newest-first ledger, a different one each
 * request (so none is cached): what the pager's Next costs at any depth. The plain route runs the
 * recorded cursor query with the request's cursor key put in.
 */
async function deepCursorScenario(pool: pg.Pool): Promise<HttpScenario> {
  const sampled = await pool.query<{ at: string; id: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id
     FROM submissions TABLESAMPLE SYSTEM (1)
     WHERE is_public AND deleted_at IS NULL AND purged_at IS NULL LIMIT 2000`,
  );
  const keys = sampled.rows.map((row) => ({ createdAt: row.at, id: row.id }));
  const cursorAt = (n: number) =>
    encodeLedgerCursor({ sort: 'newest', filters: filterFingerprint({}), direction: 'next', page: 2, key: keys[n % keys.length] });
  const recordedCursor = cursorAt(0);
  const recorded = await ledgerQueries(pool, { cursor: recordedCursor });
  const recordedKey = keys[0];
  return {
    name: 'GET /api/ledger?cursor=… (next page from a random depth each time)',
    path: `/api/ledger?cursor=${recordedCursor}`,
    plain: (url) => {
      const cursor = url.pathname === '/api/ledger' ? decodeLedgerCursor(url.searchParams.get('cursor') ?? '') : null;
      if (!cursor) return undefined;
      const swap = (v: unknown) =>
        v === recordedKey.id
          ? cursor.key.id
          : v === recordedKey.createdAt || v === postgresTextToIso(recordedKey.createdAt)
            ? cursor.key.createdAt
            : v;
      return recorded.map((q) => ({ ...q, parameters: q.parameters.map(swap) }));
    },
    distinctPath: (n) => `/api/ledger?cursor=${cursorAt(n)}`,
  };
}

/** Pages of random numbers a reader may type, recorded up front; more than a measurement asks for, so none is cached. */
const RANDOM_PAGES = 3000;

/**
 * A numbered page from anywhere in the ledger, a different one each request: what "Page X of Y"
 * costs uncached. The plain route replays the SQL the app sent for that very page.
 */
async function randomPageScenario(pool: pg.Pool, lastPage: number): Promise<HttpScenario> {
  const pages = Array.from({ length: RANDOM_PAGES }, (_, i) => 2 + ((i * 7919 + 104_729) % Math.max(1, lastPage - 1)));
  const recorded = new Map<number, RecordedQuery[]>();
  for (const page of pages) recorded.set(page, await ledgerQueries(pool, { page: String(page) }));
  return {
    name: 'GET /api/ledger?page=… (a random page each time)',
    path: `/api/ledger?page=${pages[0]}`,
    plain: (url) => {
      if (url.pathname !== '/api/ledger' || [...url.searchParams.keys()].join() !== 'page') return undefined;
      return recorded.get(Number(url.searchParams.get('page')));
    },
    distinctPath: (n) => `/api/ledger?page=${pages[n % pages.length]}`,
  };
}

async function publicApiScenario(pool: pg.Pool, name: string, query: Record<string, string>): Promise<HttpScenario> {
  const parsed = parsePublicApiQuery(query);
  if (!parsed.ok) throw new Error(parsed.message);
  const recorded = await recordQueries(pool, (db) => readPublicApiPage(db, parsed.value));
  const path = `/api/v1/ledger?${new URLSearchParams(query).toString()}`;
  return { name, path, plain: samePath(path, recorded) };
}

/** The artist with the most public works and one with the fewest, by exact name as the page asks. */
async function artistsAtBothEnds(pool: pg.Pool): Promise<{ biggest: string; smallest: string }> {
  const { rows } = await pool.query<{ biggest: string; smallest: string }>(`
    WITH counted AS (SELECT artist_name, count(*) AS n FROM public_submissions GROUP BY artist_name)
    SELECT (SELECT artist_name FROM counted ORDER BY n DESC, artist_name LIMIT 1) AS biggest,
           (SELECT artist_name FROM counted ORDER BY n, artist_name LIMIT 1) AS smallest`);
  return rows[0];
}

async function artistScenario(pool: pg.Pool, label: string, name: string): Promise<HttpScenario> {
  const recorded = await recordQueries(pool, (db) => readArtistPage(db, name, 1));
  const path = `/api/artists/${encodeURIComponent(name)}`;
  return { name: `GET /api/artists/{${label}}`, path, plain: samePath(path, recorded) };
}

/** The most used tool and tag, as the filter menus offer them. */
async function commonFilters(pool: pg.Pool): Promise<{ tool: string; tag: string }> {
  const top = async (kind: string) =>
    (await pool.query<{ value: string }>(`SELECT value FROM ledger_counters WHERE kind = $1 ORDER BY n DESC, value LIMIT 1`, [kind]))
      .rows[0]?.value ?? '';
  return { tool: await top('tool'), tag: await top('tag') };
}

export async function httpScenarios(pool: pg.Pool, options: { search: string; leaves: number }): Promise<HttpScenario[]> {
  const publicTotal = Number((await pool.query<{ n: string }>(PUBLIC_TOTAL_SQL.sql)).rows[0].n);
  const lastPage = Math.max(1, Math.ceil(publicTotal / PAGE_SIZES.ledger));
  // A page far from both ends (the issue's ?page=40000 at a million works), placed by the segment counts.
  const deepPage = Math.min(40_000, Math.max(1, Math.floor(lastPage / 2)));
  const { tool, tag } = await commonFilters(pool);
  const leaves = options.leaves;
  const artists = await artistsAtBothEnds(pool);
  return [
    await ledgerScenario(pool, 'GET /api/ledger (page 1)', {}),
    await publicApiScenario(pool, 'GET /api/v1/ledger?limit=100', { limit: '100' }),
    await ledgerScenario(pool, `GET /api/ledger?search=${options.search}`, { search: options.search }),
    await ledgerScenario(pool, 'GET /api/ledger?tool=…&tag=… (most used)', { tool, tag }),
    await ledgerScenario(pool, `GET /api/ledger?page=${deepPage} (far from both ends)`, { page: String(deepPage) }),
    await randomPageScenario(pool, lastPage),
    await ledgerScenario(pool, `GET /api/ledger?page=${lastPage} (last)`, { page: String(lastPage) }),
    await deepCursorScenario(pool),
    await artistScenario(pool, 'the biggest artist', artists.biggest),
    await artistScenario(pool, 'an artist with few works', artists.smallest),
    ...(await Promise.all(
      EXPORT_FORMATS.map((format) =>
        publicApiScenario(pool, `GET /api/v1/ledger?limit=1000&format=${format}`, { limit: '1000', format }),
      ),
    )),
    {
      name: 'GET /api/log/proof/inclusion (random leaf)',
      path: '/api/log/proof/inclusion?leaf_index=0',
      // The plain route reads the one leaf; the app also proves it against the signed tree head.
      plain: (url) =>
        url.pathname === '/api/log/proof/inclusion'
          ? [
              {
                sql: 'SELECT leaf_hash FROM tlog_leaves WHERE leaf_index = $1',
                parameters: [Number(url.searchParams.get('leaf_index'))],
              },
            ]
          : undefined,
      distinctPath: (n) => `/api/log/proof/inclusion?leaf_index=${(n * 7919) % leaves}`,
    },
  ];
}
