// The near-duplicate search from memory (server/works/fingerprint-memory.ts) answers what the
// band-index query answers at the same moment: works registered after it loaded are found by the
// next search, whichever code wrote them, and a hash changed or cleared in place (as a purge
// clears it) makes it read everything again, the database answering meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from '../../../server/image';
import {
  FingerprintMemory,
  fingerprintMemoryOf,
  keepFingerprintsInMemory,
  shareFingerprintMemory,
} from '../../../server/works/fingerprint-memory';
import { closeFingerprints, closeFingerprintsQuery } from '../../../server/works/works-repository';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, registerWork } from '../submissions/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What the band-index query answers, read from the database. */
async function fromQuery(phash: string): Promise<Map<string, number>> {
  const rows = await closeFingerprintsQuery(t.deps.db, phash).execute();
  return new Map(rows.map((r) => [r.submission_id, Number(r.distance)]));
}

describe('near-duplicate search from memory', () => {
  it('starts loading once the server listens, not before', async () => {
    const server = await createTestApp();
    try {
      expect(fingerprintMemoryOf(server.deps.db)).toBeUndefined();
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(() => fingerprintMemoryOf(server.deps.db)?.ready, { timeout: 10_000 }).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('loads every registered hash, then finds works registered since, as the band-index query does', async () => {
    const firstImage = await freshPng();
    await registerWork(t.app, { artist_name: 'Registered First' }, firstImage);
    const fresh = new FingerprintMemory();
    await fresh.load(t.deps.db);
    const { count } = await t.deps.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('image_phash', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(fresh.size).toBe(Number(count));
    const registeredPhash = (await processImage(firstImage)).phash;

    // Written after the load: one through the API, one by other code straight into the table.
    const image = await freshPng();
    const { phash } = await processImage(image);
    const after = await registerWork(t.app, { artist_name: 'After Load' }, image);
    const elsewhere = await insertWork(t.deps.db, { artist_name: 'Other Process', image_phash: phash });

    const found = await fresh.close(t.deps.db, phash);
    expect(found?.get(after.created.id)).toBe(0);
    expect(found?.get(elsewhere.id)).toBe(0);
    expect(found).toEqual(await fromQuery(phash));
    expect(fresh.size).toBe(Number(count) + 2);
    expect(await fresh.close(t.deps.db, registeredPhash)).toEqual(await fromQuery(registeredPhash));

    // The memory closeFingerprints uses answers the same way.
    await keepFingerprintsInMemory(t.deps.db);
    expect(fingerprintMemoryOf(t.deps.db)?.ready).toBe(true);
    expect(await closeFingerprints(t.deps.db, phash)).toEqual(found);
  });

  it('drops what it read when a stored hash changes or goes, answering from the database until it has read everything again', async () => {
    const image = await freshPng();
    const { phash } = await processImage(image);
    const purged = await registerWork(t.app, { artist_name: 'Purged Artist' }, image);
    const moved = await insertWork(t.deps.db, { artist_name: 'Moved Hash', image_phash: 'f'.repeat(16) });
    const fresh = new FingerprintMemory();
    await fresh.load(t.deps.db);
    expect((await fresh.close(t.deps.db, phash))?.get(purged.created.id)).toBe(0);

    // What a purge does to the hash: cleared, so its fingerprint row goes.
    await t.deps.db.updateTable('submissions').set({ image_phash: null }).where('id', '=', purged.created.id).execute();
    expect(await fresh.close(t.deps.db, phash)).toBeUndefined();
    expect(fresh.ready).toBe(false);
    expect((await closeFingerprints(t.deps.db, phash)).has(purged.created.id)).toBe(false);
    await fresh.load(t.deps.db);
    expect(await fresh.close(t.deps.db, phash)).toEqual(await fromQuery(phash));
    expect((await fromQuery(phash)).has(purged.created.id)).toBe(false);

    // A hash changed in place, to one bit from the searched one.
    const near = phash.slice(0, 15) + (Number.parseInt(phash[15], 16) ^ 1).toString(16);
    await t.deps.db.updateTable('submissions').set({ image_phash: near }).where('id', '=', moved.id).execute();
    expect(await fresh.close(t.deps.db, phash)).toBeUndefined();
    await fresh.load(t.deps.db);
    const found = await fresh.close(t.deps.db, phash);
    expect(found?.get(moved.id)).toBe(1);
    expect(found).toEqual(await fromQuery(phash));
  });

  it('answers inside a transaction that shares it as the query there does, and keeps nothing the transaction wrote', async () => {
    await keepFingerprintsInMemory(t.deps.db);
    const memory = fingerprintMemoryOf(t.deps.db)!;
    const image = await freshPng();
    const { phash } = await processImage(image);
    const committed = await registerWork(t.app, { artist_name: 'Committed Before' }, image);
    const sizeBefore = memory.size;
    let seenInside: Map<string, number> | undefined;
    let rolledBackId = '';
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        expect(fingerprintMemoryOf(trx)).toBeUndefined();
        expect(shareFingerprintMemory(trx, t.deps.db)).toBe(trx);
        expect(fingerprintMemoryOf(trx)).toBe(memory);
        rolledBackId = (await insertWork(trx, { artist_name: 'Rolled Back', image_phash: phash })).id;
        seenInside = await closeFingerprints(trx, phash);
        const query = await closeFingerprintsQuery(trx, phash).execute();
        expect(seenInside).toEqual(new Map(query.map((r) => [r.submission_id, Number(r.distance)])));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside?.get(committed.created.id)).toBe(0);
    expect(seenInside?.get(rolledBackId)).toBe(0);
    // Rolled back: the memory never held it, and finds what the database holds.
    expect(memory.size).toBe(sizeBefore);
    const after = await closeFingerprints(t.deps.db, phash);
    expect(after.has(rolledBackId)).toBe(false);
    expect(after.get(committed.created.id)).toBe(0);
    expect(after).toEqual(await fromQuery(phash));
  });
});
