// Registers many works at once, for the seed command: the same validation (done by the caller),
// the same trust engine, registry numbers, log leaves and rows as registerSubmission
// (registration-record.ts holds what both decide and write), but with one transaction and a
// handful of statements per batch instead of about fifteen round trips per work. The evidence
// comes from a memory index caught up under the registration lock, so each work is scored
// against every work registered before it, including the earlier ones of its own batch.
//
// The uploads were recorded (not yet stored) before their files were written (storeUpload); the
// batch marks them stored and consumed as it registers their works. All or nothing: if the
// batch fails, no work is written, the uploads' files and rows are removed and the index is
// emptied, so the next batch reads the registry afresh. If the process dies instead, the
// uploads stay not stored, and the sweep of dead uploads removes them with their files.
import crypto from 'node:crypto';
import { formatRegistryId } from '../../core/ids';
import type { NormalisedSubmission } from '../../core/submission';
import type { AppDeps } from '../deps';
import { lockImageHashes, lockRegistrationsAndDrawSeqs, recordRegistrations } from '../works/registration';
import { NO_WORK_EVENTS, type WorkEvents } from '../works/work-events';
import { moveManifestStoresToWorks } from '../works/c2pa-manifest-stores-repository';
import { registryQueryFor, scoreRegistration, submissionRow, type RegistrationOutcome } from './registration-record';
import { gatherRegistryEvidence } from './registry-evidence';
import type { MemoryRegistryIndex } from './registry-index';
import type { StoredUpload } from './upload-service';
import { claimUploadsForBatch } from './uploads-repository';
import { ledgerTransaction } from '../works/ledger-transaction';

export interface BatchItem {
  /** Validated and normalised as POST /api/submissions does; upload_id names `upload`. */
  body: NormalisedSubmission;
  upload: StoredUpload;
  createdAt: Date;
}

export interface BatchRegisteredWork {
  id: string;
  registry_id: string;
  registry_seq: number;
  log_index: number;
  trust_meter: number;
  image_hash: string;
}

/** Registers the items in the order given: registry numbers and log leaves follow that order. */
export async function registerSubmissionBatch(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  items: readonly BatchItem[],
  registry: MemoryRegistryIndex,
  /** Where the works' work.registered webhook events are queued; the seed has none. */
  events: WorkEvents = NO_WORK_EVENTS,
): Promise<BatchRegisteredWork[]> {
  for (const item of items) {
    if (item.body.upload_id !== item.upload.values.id) throw new Error('Each batch item must name its own upload');
  }
  try {
    const outcomes = await ledgerTransaction(
      deps.db,
      async (trx) => {
        // Each upload becomes its work in this same transaction.
        const claimed = await claimUploadsForBatch(
          trx,
          items.map((item) => ({ id: item.upload.values.id, consumedAt: item.createdAt })),
          deps.now(),
        );
        if (claimed !== items.length) throw new Error(`Only ${claimed} of the batch's ${items.length} uploads could be claimed`);
        // As a single registration takes its image's lock before looking for exact copies: one
        // registering the same file now either has committed before the catch-up below, or waits.
        await lockImageHashes(
          trx,
          items.map((item) => item.upload.values.sha256),
        );
        const { seqs } = await lockRegistrationsAndDrawSeqs(trx, items.length);
        await registry.catchUp(trx);

        // One after another: each work is scored against the ones before it, its batch's included.
        const decided = [];
        for (const [i, item] of items.entries()) {
          const image = { ...item.upload.values, metadata: item.upload.image.metadata };
          const query = registryQueryFor(item.body, image);
          const evidence = await gatherRegistryEvidence(registry, query);
          const id = crypto.randomUUID();
          const seq = seqs[i];
          registry.add({
            id,
            seq,
            imageHash: image.sha256,
            phash: image.phash,
            artistName: item.body.artist_name,
            ownerEmail: item.body.author_email.toLowerCase(),
            links: item.body.profile_links,
          });
          const registryId = formatRegistryId(item.createdAt.getUTCFullYear(), seq);
          decided.push({
            image,
            outcome: {
              id,
              seq,
              registryId,
              trust: scoreRegistration(item.body, image, evidence, item.createdAt, { siteUrl: deps.config.siteUrl, registryId }),
              registry: evidence,
              createdAt: item.createdAt,
            } satisfies RegistrationOutcome,
          });
        }

        const leaves = await recordRegistrations(
          trx,
          decided.map((d, i) => submissionRow(items[i].body, d.image, d.outcome, deps.config.s3?.publicUrl ?? null)),
          events,
        );
        await moveManifestStoresToWorks(
          trx,
          decided.map((d, i) => ({ submissionId: d.outcome.id, uploadId: items[i].upload.values.id })),
        );
        return decided.map((d, i) => ({ ...d, leafIndex: leaves[i] }));
      },
      { waitUntilShown: true },
    );
    events.wake();
    return outcomes.map(({ image, outcome, leafIndex }) => ({
      id: outcome.id,
      registry_id: outcome.registryId,
      registry_seq: outcome.seq,
      log_index: leafIndex,
      trust_meter: outcome.trust.score,
      image_hash: image.sha256,
    }));
  } catch (err) {
    registry.reset();
    await Promise.all(items.map((item) => item.upload.discard().catch(() => undefined)));
    throw err;
  }
}
