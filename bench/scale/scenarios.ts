// The HTTP questions `npm run bench:scale` asks, each with the SQL the app's repository sends
// for it (recorded through the real repository functions, see plain-routes.ts), so the plain
// `pg` reference answers the same question with the same statements.
import type pg from 'pg';
import { PAGE_SIZES } from '../../core/constants';
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

/**
 * The recorded ledger queries with another page's offset: the page query's OFFSET parameter is
 * the one equal to the recorded page's offset.
 */
function atPage(queries: RecordedQuery[], recordedPage: number, page: number): RecordedQuery[] {
  const recordedOffset = (recordedPage - 1) * PAGE_SIZES.ledger;
  return queries.map((q) =>
    /offset \$\d+/i.test(q.sql)
      ? { ...q, parameters: q.parameters.map((v) => (v === recordedOffset ? (page - 1) * PAGE_SIZES.ledger : v)) }
      : q,
  );
}

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

/** Pages from the middle of the ledger to its end, a different one each request, so none is cached. */
async function deepPagesScenario(pool: pg.Pool, lastPage: number): Promise<HttpScenario> {
  const first = Math.max(1, Math.floor(lastPage / 2));
  const span = lastPage - first + 1;
  const recorded = await ledgerQueries(pool, { page: String(lastPage) });
  const pageOf = (n: number) => first + ((n * 7919) % span);
  return {
    name: `GET /api/ledger?page=${first}…${lastPage} (new page each time)`,
    path: `/api/ledger?page=${lastPage}`,
    plain: (url) => {
      const page = Number(url.searchParams.get('page'));
      return url.pathname === '/api/ledger' && [...url.searchParams.keys()].join() === 'page' && page >= first
        ? atPage(recorded, lastPage, page)
        : undefined;
    },
    distinctPath: (n) => `/api/ledger?page=${pageOf(n)}`,
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
  const deepPage = Math.min(5000, lastPage);
  const { tool, tag } = await commonFilters(pool);
  const leaves = options.leaves;
  return [
    await ledgerScenario(pool, 'GET /api/ledger (page 1)', {}),
    await publicApiScenario(pool, 'GET /api/v1/ledger?limit=100', { limit: '100' }),
    await ledgerScenario(pool, `GET /api/ledger?search=${options.search}`, { search: options.search }),
    await ledgerScenario(pool, 'GET /api/ledger?tool=…&tag=… (most used)', { tool, tag }),
    await ledgerScenario(pool, `GET /api/ledger?page=${deepPage}${deepPage < 5000 ? ' (last; 5,000 is past it)' : ''}`, {
      page: String(deepPage),
    }),
    await ledgerScenario(pool, `GET /api/ledger?page=${lastPage} (last)`, { page: String(lastPage) }),
    await deepPagesScenario(pool, lastPage),
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
