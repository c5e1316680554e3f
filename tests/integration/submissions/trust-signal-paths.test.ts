// A registry signal of the trust engine is defined once (server/submissions/registry-evidence.ts)
// and both registration paths score with it: POST /api/submissions (evidence from the database)
// and the seed's batches (evidence from the memory index). The same works registered both ways
// get the same exact scores, and each signal shows in both with the same reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionBodySchema } from '../../../core/schemas';
import { normaliseSubmissionBody } from '../../../core/submission';
import { registerSubmissionBatch } from '../../../server/submissions/batch-registration';
import { REGISTRY_SIGNALS } from '../../../server/submissions/registry-evidence';
import { databaseRegistryEvidence } from '../../../server/submissions/registry-evidence-repository';
import { createMemoryRegistryIndex } from '../../../server/submissions/registry-index';
import { createUpload, storeUpload } from '../../../server/submissions/upload-service';
import { claimArtistName } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, submissionBody, submit } from './helpers';

const ADA_LINK = 'https://www.instagram.com/ada.one';

let viaHttp: TestApp;
let viaBatch: TestApp;
let plan: { image: Buffer; overrides: Record<string, unknown> }[];

beforeAll(async () => {
  [viaHttp, viaBatch] = await Promise.all([createTestApp(), createTestApp()]);
  const first = await freshPng(640, 480);
  plan = [
    // No earlier work: none of the registry signals applies.
    { image: first, overrides: { artist_name: 'Ada One', profile_links: [ADA_LINK, ''] } },
    // artistWorks: one earlier work by her, sharing her profile link.
    { image: await freshPng(600, 400), overrides: { artist_name: 'Ada One', profile_links: [ADA_LINK, ''] } },
    // artistWorks: two earlier works, neither with this link.
    { image: await freshPng(500, 500), overrides: { artist_name: 'Ada One', profile_links: ['https://x.com/ada-elsewhere', ''] } },
    // exactDuplicates: the same bytes as her first work, by another artist.
    { image: first, overrides: { artist_name: 'Ben Two', profile_links: ['https://x.com/bentwo', ''] } },
  ];
});

afterAll(async () => {
  await Promise.all([viaHttp?.close(), viaBatch?.close()]);
});

async function scored(t: TestApp) {
  const rows = await t.deps.db.selectFrom('submissions').select(['trust_meter', 'trust_breakdown']).orderBy('registry_seq').execute();
  return rows.map((r) => ({
    score: Number(r.trust_meter),
    reasons: (r.trust_breakdown as { reasons: string[] }).reasons.filter((text) =>
      /other registered work|Profile links shared|Same image/.test(text),
    ),
  }));
}

describe('a registry signal defined once', () => {
  it('is answered by both evidence sources, database and memory', () => {
    const signals = Object.keys(REGISTRY_SIGNALS);
    expect(signals).toEqual(['exactDuplicates', 'nearDuplicates', 'artistWorks']);
    const database = databaseRegistryEvidence(viaHttp.deps.db) as unknown as Record<string, unknown>;
    const memory = createMemoryRegistryIndex() as unknown as Record<string, unknown>;
    for (const signal of signals) {
      expect(typeof database[signal]).toBe('function');
      expect(typeof memory[signal]).toBe('function');
    }
  });

  it('scores the same works alike through POST /api/submissions and through a seed batch, with these exact scores', async () => {
    // Her address claimed the name, so her works count for each other (rubric v2, decision 0061).
    for (const t of [viaHttp, viaBatch]) await claimArtistName(t.deps.db, 'Ada One', 'fox.artist@example.com');
    for (const work of plan) {
      // The upload is the same on both paths; the registration is the HTTP one.
      const upload = await createUpload(viaHttp.deps, work.image);
      const res = await submit(viaHttp.app, submissionBody(upload.row.id, work.overrides));
      expect(res.statusCode).toBe(201);
    }

    const createdAt = new Date();
    const items = [];
    for (const work of plan) {
      const upload = await storeUpload(viaBatch.deps, work.image, createdAt);
      const body = normaliseSubmissionBody(submissionBodySchema.parse(submissionBody(upload.values.id, work.overrides)));
      items.push({ body, upload, createdAt });
    }
    await registerSubmissionBatch(viaBatch.deps, items, createMemoryRegistryIndex());

    // 45 without any registry signal (no link is proven at registration); +5 for an earlier work
    // of the claimant, +4 more when it shares her profile link; an exact copy of another artist's
    // earlier image costs 15, and the duplicate cap then holds the score at 30.
    const expected = [
      { score: 45, reasons: [] },
      {
        score: 54,
        reasons: [
          'The artist who claimed this name has 1 other registered work: +5',
          "Profile links shared with 1 of the artist's other works: +4",
        ],
      },
      { score: 50, reasons: ['The artist who claimed this name has 2 other registered works: +5'] },
      { score: 30, reasons: ['Same image registered earlier by another artist: -15'] },
    ];
    expect(await scored(viaHttp)).toEqual(expected);
    expect(await scored(viaBatch)).toEqual(expected);
  });
});
