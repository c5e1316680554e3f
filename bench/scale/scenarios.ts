// The HTTP questions `npm run bench:scale` asks, each with the SQL the app's repository sends
// for it (recorded through the real repository functions, see plain-routes.ts), so the plain
// `pg` reference answers the same question with the same statements.
import type pg from 'pg';
import { MAX_OFFSET_ROWS, PAGE_SIZES } from '../../core/constants';
import { postgresTextToIso } from '../../server/ledger/cursor-token';
import { decodeLedgerCursor, encodeLedgerCursor, filterFingerprint } from '../../server/ledger/ledger-cursor';
import { ledgerQuerySchema } from '../../server/ledger/ledger-query';
import { readLedgerPage } from '../../server/ledger/ledger-repository';
import { parsePublicApiQuery } from '../../server/ledger/public-api/params';
import { readPublicApiPage } from '../../server/ledger/public-api-repository';
import { PUBLIC_TOTAL_SQL, recordQueries, summaryWithTotal, type RecordedQuery } from './plain-routes';

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
  const recorded = await recordQueries(pool, (db) =>
    readLedgerPage(db, params, new Date(), summaryWithTotal(Number(publicTotal.rows[0].n))),
  );
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

async function publicApiScenario(pool: pg.Pool, name: string, query: Record<string, string>): Promise<HttpScenario> {
  const parsed = parsePublicApiQuery(query);
  if (!parsed.ok) throw new Error(parsed.message);
  const recorded = await recordQueries(pool, (db) => readPublicApiPage(db, parsed.value));
  const path = `/api/v1/ledger?${new URLSearchParams(query).toString()}`;
  return { name, path, plain: samePath(path, recorded) };
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
  // The deepest numbered page read by OFFSET from the start (MAX_OFFSET_ROWS); deeper ones are refused.
  const deepPage = Math.min(Math.floor(MAX_OFFSET_ROWS / PAGE_SIZES.ledger) + 1, lastPage);
  const { tool, tag } = await commonFilters(pool);
  const leaves = options.leaves;
  return [
    await ledgerScenario(pool, 'GET /api/ledger (page 1)', {}),
    await publicApiScenario(pool, 'GET /api/v1/ledger?limit=100', { limit: '100' }),
    await ledgerScenario(pool, `GET /api/ledger?search=${options.search}`, { search: options.search }),
    await ledgerScenario(pool, 'GET /api/ledger?tool=…&tag=… (most used)', { tool, tag }),
    await ledgerScenario(pool, `GET /api/ledger?page=${deepPage} (deepest read by OFFSET)`, { page: String(deepPage) }),
    await ledgerScenario(pool, `GET /api/ledger?page=${lastPage} (last)`, { page: String(lastPage) }),
    await deepCursorScenario(pool),
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
