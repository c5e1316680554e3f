// The published dataset snapshot: the dump (dump.ts) written once as a file, with its SHA-256 and
// size, so the Croissant description can name a file whose checksum is true. Snapshots live in
// the object store ('snapshots' bucket: DATA_DIR or the S3 bucket), not in a process's memory: at
// a million works one is hundreds of MB, and with several server processes every one of them
// must serve the bytes the Croissant description (made by any of them) names. Each snapshot has
// an address of its own whose bytes never change; the newest few are kept.
//
// Like the opt-out set (proof/consent/versioned-files.ts), a snapshot is rebuilt at most once an
// hour and only when the ledger changed. A process first looks in the store: a snapshot another
// process made within the hour is used as it is. Two processes that look at the same moment may
// both build one; both are valid and the newer one wins.
import crypto from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { readLedgerVersion } from '../../db/ledger-version';
import type { AppDeps } from '../../deps';
import { createDumpStream } from '../dump';
import {
  newSnapshotId,
  parseSnapshotKey,
  snapshotIdTime,
  snapshotKeys,
  snapshotManifestSchema,
  type SnapshotManifest,
} from './snapshot-names';

/** A snapshot is rebuilt at most this often (and only when the ledger changed). */
export const SNAPSHOT_REBUILD_INTERVAL_MS = 60 * 60_000;
/** How often the start-up job of main.ts looks (a look that finds nothing due is a list and one tiny read). */
const CHECK_INTERVAL_MS = 10 * 60_000;
/** Once its snapshot is due, a process looks for a newer one (or a ledger change) at most this often. */
const RECHECK_MS = 60_000;
/** Snapshots kept: an address from a Croissant description stays good for at least two rebuilds. */
const KEPT_SNAPSHOTS = 3;
/** Data without a manifest this old is a build that failed (a crash); younger may be under way. */
const UNFINISHED_BUILD_AGE_MS = 6 * 60 * 60_000;
/** Manifests remembered per process (they never change). */
const KEPT_MANIFESTS = 16;

type Deps = Pick<AppDeps, 'db' | 'store' | 'now' | 'config'>;
interface Log {
  error(obj: object, msg: string): void;
}

export class LedgerSnapshots {
  private latest: SnapshotManifest | null = null;
  private checkedAt = 0;
  private refreshing: Promise<SnapshotManifest> | null = null;
  private readonly manifests = new Map<string, SnapshotManifest>();

  constructor(
    private readonly deps: Deps,
    private readonly log: Log,
  ) {}

  /**
   * The newest snapshot. Only a process that has none yet (a fresh start) waits, for the first
   * one; otherwise a due rebuild runs in the background and this answers at once.
   */
  async current(): Promise<SnapshotManifest> {
    if (!this.latest) return this.refresh();
    const now = this.deps.now().getTime();
    const due = now - new Date(this.latest.taken_at).getTime() >= SNAPSHOT_REBUILD_INTERVAL_MS;
    if (due && now - this.checkedAt >= RECHECK_MS) {
      this.refresh().catch((err: unknown) => this.log.error({ err }, 'rebuilding the dataset snapshot failed'));
    }
    return this.latest;
  }

  /** Adopts the newest snapshot in the store, or builds one when that is due. One at a time per process. */
  refresh(): Promise<SnapshotManifest> {
    this.refreshing ??= this.findOrBuild().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Resolves once no refresh is under way (tests; shutdown). */
  async settled(): Promise<void> {
    await this.refreshing?.catch(() => undefined);
  }

  /** A kept snapshot's manifest by id, or null when there is none (never was, or no longer kept). */
  async manifest(id: string): Promise<SnapshotManifest | null> {
    const known = this.manifests.get(id);
    if (known) return known;
    const body = await this.deps.store.get('snapshots', snapshotKeys(id).manifest);
    const parsed = body ? snapshotManifestSchema.safeParse(JSON.parse(body.toString('utf8'))) : null;
    if (!parsed?.success) return null;
    this.remember(parsed.data);
    return parsed.data;
  }

  private remember(manifest: SnapshotManifest): void {
    this.manifests.set(manifest.id, manifest);
    for (const [oldest] of this.manifests) {
      if (this.manifests.size <= KEPT_MANIFESTS) break;
      this.manifests.delete(oldest);
    }
  }

  private async findOrBuild(): Promise<SnapshotManifest> {
    const now = this.deps.now();
    const [ids, version] = await Promise.all([this.completeIds(), readLedgerVersion(this.deps.db)]);
    let newest: SnapshotManifest | null = null;
    for (const id of ids) if ((newest = await this.manifest(id))) break;
    const due = !newest || now.getTime() - new Date(newest.taken_at).getTime() >= SNAPSHOT_REBUILD_INTERVAL_MS;
    if (!newest || (due && newest.ledger_version !== version)) {
      newest = await this.build(now, version);
      await this.prune().catch((err: unknown) => this.log.error({ err }, 'removing old dataset snapshots failed'));
    }
    this.latest = newest;
    this.checkedAt = now.getTime();
    return newest;
  }

  /** Ids of the snapshots whose manifest is written, newest first. */
  private async completeIds(): Promise<string[]> {
    const ids: string[] = [];
    for await (const key of this.deps.store.list('snapshots')) {
      const parsed = parseSnapshotKey(key);
      if (parsed?.kind === 'manifest') ids.push(parsed.id);
    }
    return ids.sort().reverse();
  }

  /** Streams the dump into the store, hashing and counting on the way; then writes the manifest. */
  private async build(takenAt: Date, ledgerVersion: string): Promise<SnapshotManifest> {
    const id = newSnapshotId(takenAt);
    const keys = snapshotKeys(id);
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    let entries = 0;
    const dump = createDumpStream(
      this.deps.db,
      this.deps.config.siteUrl,
      () => undefined, // the failure also reaches the meter below, and so the store's write
      () => (entries += 1),
    );
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    pipeline(dump, meter, () => undefined);
    await this.deps.store.put('snapshots', keys.data, meter);
    const manifest: SnapshotManifest = {
      id,
      taken_at: takenAt.toISOString(),
      entries,
      bytes,
      sha256: hash.digest('hex'),
      ledger_version: ledgerVersion,
    };
    try {
      await this.deps.store.put('snapshots', keys.manifest, Buffer.from(JSON.stringify(manifest)));
    } catch (err) {
      await this.deps.store.delete('snapshots', keys.data).catch(() => undefined);
      throw err;
    }
    this.remember(manifest);
    return manifest;
  }

  /** Keeps the newest snapshots; removes older ones and the data of builds that never finished. */
  private async prune(): Promise<void> {
    const keys: string[] = [];
    for await (const key of this.deps.store.list('snapshots')) keys.push(key);
    const complete = keys.flatMap((key) => (parseSnapshotKey(key)?.kind === 'manifest' ? [parseSnapshotKey(key)!.id] : []));
    const kept = new Set(complete.sort().reverse().slice(0, KEPT_SNAPSHOTS));
    const unfinishedBefore = this.deps.now().getTime() - UNFINISHED_BUILD_AGE_MS;
    for (const key of keys) {
      const parsed = parseSnapshotKey(key);
      if (!parsed || kept.has(parsed.id)) continue;
      const finished = complete.includes(parsed.id);
      if (!finished && snapshotIdTime(parsed.id).getTime() >= unfinishedBefore) continue;
      // The manifest goes first: a snapshot without one is never named again.
      if (finished) await this.deps.store.delete('snapshots', snapshotKeys(parsed.id).manifest);
      await this.deps.store.delete('snapshots', snapshotKeys(parsed.id).data);
      this.manifests.delete(parsed.id);
    }
  }
}

// One instance per app (its deps): the routes and the start-up job of main.ts share it.
const instances = new WeakMap<object, LedgerSnapshots>();

export function ledgerSnapshotsFor(deps: Deps, log: Log): LedgerSnapshots {
  let snapshots = instances.get(deps);
  if (!snapshots) instances.set(deps, (snapshots = new LedgerSnapshots(deps, log)));
  return snapshots;
}

/**
 * Builds (or finds) the snapshot at start-up and looks again every few minutes, so requests rarely
 * wait and the snapshot is fresh even when nobody asks. Returns a function that stops the timer.
 */
export function keepLedgerSnapshotFresh(snapshots: LedgerSnapshots, log: Log): () => void {
  const run = () => snapshots.refresh().catch((err: unknown) => log.error({ err }, 'building the dataset snapshot failed'));
  void run();
  const timer = setInterval(() => void run(), CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
