// GET /api/v1/ledger/snapshot.jsonl.gz (the newest snapshot) and
// GET /api/v1/ledger/snapshots/{id}.jsonl.gz (one snapshot, whose bytes never change: the
// address the Croissant description names). ETag = the file's SHA-256 (hex).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../core/app-error';
import { noSuchSnapshotText } from '../../../core/api-error-texts';
import type { ObjectStore } from '../../storage/object-store';
import { DUMP_CONTENT_TYPE } from '../dump';
import { etagMatches, PUBLIC_CACHE_CONTROL } from '../http-cache';
import type { LedgerSnapshots } from './ledger-snapshots';
import { isSnapshotId, SNAPSHOT_PATH, snapshotFilename, snapshotKeys, type SnapshotManifest } from './snapshot-names';

const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Sends the snapshot (or 304); false when its data is gone. Returns a boolean, not the reply:
 * a reply is thenable, and awaiting it would wait for the response to end.
 */
async function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  manifest: SnapshotManifest,
  cacheControl: string,
): Promise<boolean> {
  const etag = `"${manifest.sha256}"`;
  const withHeaders = () =>
    reply
      .header('Cache-Control', cacheControl)
      .header('ETag', etag)
      .header('Last-Modified', new Date(manifest.taken_at).toUTCString())
      .header('Content-Disposition', `attachment; filename="${snapshotFilename(manifest.id)}"`);
  if (etagMatches(request.headers['if-none-match'], etag)) {
    withHeaders().status(304).send();
    return true;
  }
  const object = await store.stream('snapshots', snapshotKeys(manifest.id).data);
  if (!object) return false;
  withHeaders().header('Content-Length', String(object.size)).type(DUMP_CONTENT_TYPE).send(object.body);
  return true;
}

export function snapshotHandlers(snapshots: LedgerSnapshots, store: ObjectStore) {
  return {
    async latest(request: FastifyRequest, reply: FastifyReply) {
      // Another process may have removed the snapshot this one knew (it kept newer ones): look again.
      const sent =
        (await sendSnapshot(request, reply, store, await snapshots.current(), PUBLIC_CACHE_CONTROL)) ||
        (await sendSnapshot(request, reply, store, await snapshots.refresh(), PUBLIC_CACHE_CONTROL));
      if (!sent) throw new Error('the newest dataset snapshot has no data');
      return reply;
    },

    async byId(request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) {
      const { file } = request.params;
      const id = file.endsWith('.jsonl.gz') ? file.slice(0, -'.jsonl.gz'.length) : '';
      const manifest = isSnapshotId(id) ? await snapshots.manifest(id) : null;
      const sent = manifest !== null && (await sendSnapshot(request, reply, store, manifest, IMMUTABLE_CACHE_CONTROL));
      if (!sent) throw notFound(noSuchSnapshotText(SNAPSHOT_PATH));
      return reply;
    },
  };
}
