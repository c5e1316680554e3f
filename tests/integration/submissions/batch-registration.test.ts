// The seed command's batch registration decides exactly what one-by-one registration decides:
// the same works, registered once through POST /api/submissions' service and once in batches,
// get the same registry numbers, trust scores, reasons, duplicate links and log entries. A
// failed batch leaves no row, no leaf and no file behind.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionBodySchema } from '../../../core/schemas';
import { normaliseSubmissionBody, type NormalisedSubmission } from '../../../core/submission';
import { registerSubmissionBatch, type BatchItem } from '../../../server/submissions/batch-registration';
import { gatherRegistryEvidence, type RegistryQuery } from '../../../server/submissions/registry-evidence';
import { databaseRegistryEvidence } from '../../../server/submissions/registry-evidence-repository';
import { createMemoryRegistryIndex } from '../../../server/submissions/registry-index';
import { registerSubmission } from '../../../server/submissions/submission-service';
import { createUpload, storeUpload } from '../../../server/submissions/upload-service';
import { claimArtistName } from '../../helpers/factories';
import { createTestApp, listFiles, type TestApp } from '../../helpers/test-app';
import { freshPng, submissionBody } from './helpers';

interface PlannedWork {
  image: Buffer;
  overrides: Record<string, unknown>;
}

function body(uploadId: string, overrides: Record<string, unknown>): NormalisedSubmission {
  return normaliseSubmissionBody(submissionBodySchema.parse(submissionBody(uploadId, overrides)));
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
/** The address every planned work is registered with (submissionBody's). */
const OWNER = 'fox.artist@example.com';

let oneByOne: TestApp;
let batched: TestApp;
let plan: PlannedWork[];

beforeAll(async () => {
  [oneByOne, batched] = await Promise.all([createTestApp(), createTestApp()]);
  const first = await freshPng(640, 480);
  const second = await freshPng(600, 400);
  const copyOfFirst = await sharp(first).resize(320).jpeg({ quality: 75 }).toBuffer();
  const ownLink = { profile_links: ['https://www.instagram.com/ada.one', ''] };
  plan = [
    { image: first, overrides: { artist_name: 'Ada One', ...ownLink } },
    // The same bytes by another artist: an exact duplicate of work 0.
    { image: first, overrides: { artist_name: 'Ben Two', profile_links: ['https://x.com/bentwo', ''] } },
    // The first artist again (other case), sharing her profile link: her second work.
    { image: second, overrides: { artist_name: 'ADA ONE', ...ownLink, title: 'Second Light' } },
    // Her own picture registered again: an exact duplicate of her own work.
    { image: second, overrides: { artist_name: 'Ada One', ...ownLink, title: 'Second Light Again' } },
    // A smaller re-encoded copy of work 0 by a third artist: near-identical, not the same bytes.
    { image: copyOfFirst, overrides: { artist_name: 'Cleo Three', profile_links: ['https://www.behance.net/cleo', ''] } },
    {
      image: await freshPng(500, 500),
      overrides: { artist_name: 'Dan Four', prompt_visibility: 'private', profile_links: ['https://x.com/danfour', ''] },
    },
  ];
});

afterAll(async () => {
  await Promise.all([oneByOne?.close(), batched?.close()]);
});

async function rowsOf(t: TestApp) {
  const rows = await t.deps.db
    .selectFrom('submissions')
    .select([
      'id',
      'registry_id',
      'trust_meter',
      'trust_breakdown',
      'duplicate_of',
      'log_index',
      'embedded_metadata',
      'prompt',
      'created_at',
    ])
    .orderBy('registry_seq')
    .execute();
  const position = new Map(rows.map((r, i) => [r.id, i]));
  const leaves = await t.deps.db.selectFrom('tlog_leaves').select(['leaf_index', 'canonical_json']).orderBy('leaf_index').execute();
  return rows.map((r) => ({
    registry_id: r.registry_id,
    trust_meter: r.trust_meter,
    trust_breakdown: r.trust_breakdown,
    duplicate_of: r.duplicate_of === null ? null : position.get(r.duplicate_of),
    log_index: Number(r.log_index),
    embedded_metadata: r.embedded_metadata,
    prompt: r.prompt,
    created_at: new Date(r.created_at).toISOString(),
    // The leaf names the work by UUID, which differs between the two databases.
    leaf: leaves[Number(r.log_index)].canonical_json.replace(r.id, '<id>'),
  }));
}

describe('registering works in batches (the seed command)', () => {
  it('gives every work the same number, score, reasons, duplicate link and log entry as one-by-one registration', async () => {
    for (const [i, work] of plan.entries()) {
      const upload = await createUpload(oneByOne.deps, work.image);
      await registerSubmission(oneByOne.deps, body(upload.row.id, work.overrides), { now: day(i + 1) });
    }

    const prepare = async (i: number): Promise<BatchItem> => {
      const upload = await storeUpload(batched.deps, plan[i].image, day(i + 1));
      return { body: body(upload.values.id, plan[i].overrides), upload, createdAt: day(i + 1) };
    };
    // Two batches, the second with a new index as another process would have: the first batch
    // scores against its own earlier works, the second reads the earlier ones from the database.
    await registerSubmissionBatch(batched.deps, await Promise.all([0, 1, 2].map(prepare)), createMemoryRegistryIndex());
    const second = await registerSubmissionBatch(batched.deps, await Promise.all([3, 4, 5].map(prepare)), createMemoryRegistryIndex());
    expect(second.map((w) => w.registry_id)).toEqual(['VW-2026-000004', 'VW-2026-000005', 'VW-2026-000006']);

    const expected = await rowsOf(oneByOne);
    const actual = await rowsOf(batched);
    expect(actual).toEqual(expected);
    // The cases above really happened, so the comparison covers them.
    expect(expected.map((r) => r.duplicate_of)).toEqual([null, 0, null, null, null, null]);
    expect(expected.map((r) => r.log_index)).toEqual([0, 1, 2, 3, 4, 5]);
    const reasons = expected.map((r) => JSON.stringify((r.trust_breakdown as { reasons: unknown }).reasons));
    expect(reasons[1]).toContain('Same image registered earlier by another artist');
    expect(reasons[3]).toContain('Same image registered earlier by this artist');
    expect(reasons[4]).toContain('Near-identical image registered earlier by another artist');
    expect(expected[5].prompt).not.toBeNull();
    expect(listFiles(path.join(batched.dataDir, 'artworks'))).toHaveLength(6);
  });

  it('answers registry questions from memory exactly as the database does', async () => {
    // Her works count for each other only once her address claimed the name (rubric v2, decision 0061).
    await claimArtistName(batched.deps.db, 'Ada One', OWNER);
    const index = createMemoryRegistryIndex();
    expect(await index.catchUp(batched.deps.db)).toBe(6);
    const hashes = await batched.deps.db
      .selectFrom('submissions')
      .select(['image_hash', 'image_phash'])
      .orderBy('registry_seq')
      .execute();
    const queries: RegistryQuery[] = [
      {
        imageHash: hashes[0].image_hash!,
        phash: hashes[0].image_phash,
        artistName: 'someone new',
        ownerEmail: 'someone@example.com',
        profileLinks: [],
      },
      {
        imageHash: hashes[0].image_hash!,
        phash: hashes[0].image_phash,
        artistName: 'ben two',
        ownerEmail: 'someone@example.com',
        profileLinks: ['https://x.com/bentwo'],
      },
      {
        imageHash: hashes[2].image_hash!,
        phash: hashes[2].image_phash,
        artistName: 'Ada One',
        ownerEmail: OWNER,
        profileLinks: ['https://www.instagram.com/ada.one', 'https://x.com/other'],
      },
      {
        imageHash: 'f'.repeat(64),
        phash: hashes[4].image_phash,
        artistName: 'Ada One',
        ownerEmail: 'someone@example.com',
        profileLinks: ['https://x.com/not-hers'],
      },
      {
        imageHash: 'f'.repeat(64),
        phash: null,
        artistName: 'Dan Four',
        ownerEmail: 'someone@example.com',
        profileLinks: ['https://x.com/danfour'],
      },
    ];
    for (const query of queries) {
      expect(await gatherRegistryEvidence(index, query)).toEqual(
        await gatherRegistryEvidence(databaseRegistryEvidence(batched.deps.db), query),
      );
    }
    // The three states of a name really occur, so the comparison covers them.
    expect(await gatherRegistryEvidence(index, queries[2])).toMatchObject({
      exactDuplicateOfSameArtist: true,
      nameClaim: 'this_identity',
      artistOtherWorksCount: 3,
      sharedProfileLinksWithOwnWorks: 3,
    });
    expect(await gatherRegistryEvidence(index, queries[3])).toMatchObject({
      nameClaim: 'another_identity',
      artistOtherWorksCount: 0,
      sharedProfileLinksWithOwnWorks: 0,
    });
    expect(await gatherRegistryEvidence(index, queries[4])).toMatchObject({ nameClaim: 'unclaimed', artistOtherWorksCount: 0 });
  });

  it('writes nothing and keeps no image file when a batch fails', async () => {
    const t = await createTestApp();
    try {
      const items: BatchItem[] = [];
      for (const i of [0, 1]) {
        const upload = await storeUpload(t.deps, await freshPng(300 + i, 300), day(1));
        items.push({ body: body(upload.values.id, {}), upload, createdAt: day(1) });
      }
      // The second item claims the first one's upload row: the insert fails inside the transaction.
      items[1].upload.values.id = items[0].upload.values.id;
      items[1].body = { ...items[1].body, upload_id: items[0].upload.values.id };
      const index = createMemoryRegistryIndex();
      await expect(registerSubmissionBatch(t.deps, items, index)).rejects.toThrow();

      for (const table of ['uploads', 'submissions', 'tlog_leaves'] as const) {
        const { n } = await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBe(0);
      }
      expect(listFiles(path.join(t.dataDir, 'artworks'))).toEqual([]);
      expect(listFiles(path.join(t.dataDir, 'originals'))).toEqual([]);
      expect(index.size()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
