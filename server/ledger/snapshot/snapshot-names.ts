// Names of the published dataset snapshots: an id (the UTC time it was taken and a random suffix,
// so two processes building in the same second never share one), the object-store keys of its
// data and manifest, and its addresses.
import crypto from 'node:crypto';
import { z } from 'zod';

export const SNAPSHOT_PATH = '/api/v1/ledger/snapshot.jsonl.gz';
export const SNAPSHOTS_FOLDER = '/api/v1/ledger/snapshots';
const ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-[0-9a-f]{8}$/;

/** What the manifest next to a snapshot says about it (written once its data is complete). */
export const snapshotManifestSchema = z.object({
  id: z.string().regex(ID_PATTERN),
  taken_at: z.iso.datetime(),
  entries: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The ledger version read before the dump started: unchanged means nothing to rebuild. */
  ledger_version: z.string(),
});
export type SnapshotManifest = z.infer<typeof snapshotManifestSchema>;

export function newSnapshotId(takenAt: Date): string {
  const stamp = takenAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${stamp}-${crypto.randomBytes(4).toString('hex')}`;
}

export function isSnapshotId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** Keys in the 'snapshots' bucket: the gzipped JSON Lines and its manifest, in a date folder. */
export function snapshotKeys(id: string): { data: string; manifest: string } {
  const folder = `${id.slice(0, 4)}/${id.slice(4, 6)}`;
  return { data: `${folder}/${id}.jsonl.gz`, manifest: `${folder}/${id}.json` };
}

/** The id a key of the 'snapshots' bucket belongs to, and which of its two files it is. */
export function parseSnapshotKey(key: string): { id: string; kind: 'data' | 'manifest' } | null {
  const m = /^\d{4}\/\d{2}\/([^/]+)\.(jsonl\.gz|json)$/.exec(key);
  if (!m || !isSnapshotId(m[1])) return null;
  return { id: m[1], kind: m[2] === 'json' ? 'manifest' : 'data' };
}

/** When the snapshot was taken, from its id (to the second). */
export function snapshotIdTime(id: string): Date {
  const [, y, mo, d, h, mi, s] = ID_PATTERN.exec(id)!;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

/** The download's file name, dated to the second: 'ai-art-ledger-20261122T083000Z.jsonl.gz'. */
export function snapshotFilename(id: string): string {
  return `ai-art-ledger-${id.split('-')[0]}.jsonl.gz`;
}

/** The snapshot's own address: its bytes never change, so its checksum stays true. */
export function snapshotUrl(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${SNAPSHOTS_FOLDER}/${id}.jsonl.gz`;
}
