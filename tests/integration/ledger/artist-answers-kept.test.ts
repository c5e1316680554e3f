// The artist page is kept like the ledger's pages (server/ledger/artist-answers.ts): asked again,
// it is not read again, also after someone else registers; the artist's own new work and a change
// to one of their works show at once. The statements the app sends are recorded on its connection.
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistResponse } from '../../../core/api-types';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

/** Counts the statements that read a page of an artist's works (the only one with an OFFSET). */
class ArtistReads implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as { kind: string; where?: unknown };
    if (
      node.kind === 'SelectQueryNode' &&
      JSON.stringify(node).includes('"artist_name"') &&
      JSON.stringify(node).includes('"OffsetNode"')
    )
      this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const ARTIST = 'Kept Artist';
const reads = new ArtistReads();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ dbPlugins: [reads] });
  for (let i = 0; i < 3; i++) await insertWork(t.deps.db, { artist_name: ARTIST, title: `Kept ${i}` });
});
afterAll(async () => {
  await t.close();
});

const artistPage = async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/artists/${encodeURIComponent(ARTIST)}` });
  expect(res.statusCode).toBe(200);
  return res.json<ArtistResponse>();
};

describe('kept artist answers', () => {
  it('answers again from the kept page, also after another artist registers', async () => {
    const first = await artistPage();
    expect(first.total).toBe(3);
    const readsAfterFirst = reads.count;
    expect(readsAfterFirst).toBe(1);
    expect(await artistPage()).toEqual(first);
    await insertWork(t.deps.db, { artist_name: 'Someone Else', title: 'Elsewhere' });
    expect(await artistPage()).toEqual(first);
    expect(reads.count).toBe(readsAfterFirst);
  });

  it('shows the artist’s new work and a change to one of their works at once', async () => {
    await insertWork(t.deps.db, { artist_name: ARTIST, title: 'Kept new' });
    const grown = await artistPage();
    expect(grown.total).toBe(4);
    expect(grown.items[0].title).toBe('Kept new');
    await sql`UPDATE submissions SET title = 'Kept renamed' WHERE title = 'Kept new'`.execute(t.deps.db);
    expect((await artistPage()).items[0].title).toBe('Kept renamed');
    await sql`UPDATE submissions SET is_public = false WHERE title = 'Kept renamed'`.execute(t.deps.db);
    expect(await artistPage()).toMatchObject({ total: 3 });
  });
});
