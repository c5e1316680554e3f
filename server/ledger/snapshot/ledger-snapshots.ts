// The published dataset snapshot: the dump (dump.ts) written once as a file, with its SHA-256 and
// size, so the Croissant description can name a file whose checksum is true. Snapshots live in
// the object store ('snapshots' bucket: DATA_DIR or the S3 bucket), not in a process's memory: at
// a million works one is hundreds of MB, and with several server processes every one of them
// must serve the bytes the Croissant description (made by any of them) names. Each snapshot has
// an address of its own whose bytes never change; the newest few are kept.
//
// Like the opt-out set (proof/consent/versioned-files.ts), a snapshot is rebuilt at most once an
// hour and only when the ledger changed. A process first looks in the store: a snapshot another
// process made within the hour is used as it is. One process at a time builds (a claim in the
// database, db/build-claims.ts): two that found it due at the same moment each built one and went
// on naming different files, so the others wait for the builder's file instead.
import crypto from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildClaimed, tryClaimBuild } from '../../db/build-claims';
import { readLedgerVersion } from '../../ledger-cache';
import type { AppDeps } from '../../deps';
import type { JobKind } from '../../jobs/job-queue';
import { periodicJob } from '../../jobs/periodic';
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
/** Once its snapshot is due, a process looks for a newer one (or a ledger change) at most this often. */
const RECHECK_MS = 60_000;
/** Snapshots kept: an address from a Croissant description stays good for at least two rebuilds. */
const KEPT_SNAPSHOTS = 3;
/** Data without a manifest this old is a build that failed (a crash); younger may be under way. */
const UNFINISHED_BUILD_AGE_MS = 6 * 60 * 60_000;
/** The claim one process holds while it builds the snapshot. */
const SNAPSHOT_BUILD_CLAIM = 'dataset-snapshot';
/** A fresh process waiting for another's build looks whether it is done this often. */
const CLAIM_POLL_MS = 250;
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
    for (;;) {
      const found = await this.look(now);
      if (!found.wanted) return this.adopt(found.newest, now);
      const claim = await tryClaimBuild(this.deps.db, SNAPSHOT_BUILD_CLAIM, (err) =>
        this.log.error({ err }, 'renewing the claim on the dataset snapshot build failed'),
      );
      if (claim) {
        try {
          // Another process may have finished one between the look and the claim.
          const again = await this.look(now);
          return this.adopt(again.wanted ? await this.buildAndPrune(now, again.version) : again.newest, now);
        } finally {
          await claim.release().catch((err: unknown) => this.log.error({ err }, 'releasing the dataset snapshot claim failed'));
        }
      }
      // Another process is building it. One that serves a snapshot goes on serving it and adopts
      // the new one at its next look; a fresh start waits for it (or builds it, should the other fail).
      if (found.newest) return this.adopt(found.newest, now);
      while (await buildClaimed(this.deps.db, SNAPSHOT_BUILD_CLAIM)) await sleep(CLAIM_POLL_MS);
    }
  }

  /** The newest complete snapshot in the store, and whether a new one should be built now. */
  private async look(
    now: Date,
  ): Promise<{ wanted: false; newest: SnapshotManifest } | { wanted: true; newest: SnapshotManifest | null; version: string }> {
    const [ids, version] = await Promise.all([this.completeIds(), readLedgerVersion(this.deps.db)]);
    let newest: SnapshotManifest | null = null;
    for (const id of ids) if ((newest = await this.manifest(id))) break;
    const due = !newest || now.getTime() - new Date(newest.taken_at).getTime() >= SNAPSHOT_REBUILD_INTERVAL_MS;
    if (newest && !(due && newest.ledger_version !== version)) return { wanted: false, newest };
    return { wanted: true, newest, version };
  }

  private adopt(manifest: SnapshotManifest, now: Date): SnapshotManifest {
    this.latest = manifest;
    this.checkedAt = now.getTime();
    return manifest;
  }

  private async buildAndPrune(now: Date, version: string): Promise<SnapshotManifest> {
    const built = await this.build(now, version);
    await this.prune().catch((err: unknown) => this.log.error({ err }, 'removing old dataset snapshots failed'));
    return built;
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

// One instance per app (its deps): the routes, the start-up look of main.ts and the job share it.
const instances = new WeakMap<object, LedgerSnapshots>();

export function ledgerSnapshotsFor(deps: Deps, log: Log): LedgerSnapshots {
  let snapshots = instances.get(deps);
  if (!snapshots) instances.set(deps, (snapshots = new LedgerSnapshots(deps, log)));
  return snapshots;
}

/**
 * Every ten minutes one process of those sharing the database looks, and builds the snapshot when
 * it is due (decision 0065), so it is fresh even when nobody asks; the others adopt it from the
 * store when their own copy is due (current()). A look that finds nothing due is a list and one
 * tiny read.
 */
export function ledgerSnapshotJob(deps: Deps, log: Log): JobKind<object> {
  return periodicJob('dataset-snapshot', '*/10 * * * *', async () => {
    await ledgerSnapshotsFor(deps, log).refresh();
  });
}

/**
 * Builds (or finds) the snapshot once at start-up, in the background, so this process's requests
 * rarely wait for it (each process keeps the manifest it serves in memory).
 */
export function warmLedgerSnapshot(snapshots: LedgerSnapshots, log: Log): void {
  snapshots.refresh().catch((err: unknown) => log.error({ err }, 'building the dataset snapshot failed'));
}
