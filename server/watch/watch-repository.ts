// Watches, their alerts and the scanner's place in the registry (migration 014).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/** What the scanner compares: a public work's hashes and the profile links it claims. */
export interface WorkFingerprint {
  id: string;
  registry_seq: string | number;
  registry_id: string;
  title: string;
  artist_name: string;
  image_hash: string | null;
  image_phash: string | null;
  verification_resources: unknown;
  is_public: boolean;
  deleted_at: Date | string | null;
  created_at: Date | string;
}

const FINGERPRINT_COLUMNS = [
  's.id',
  's.registry_seq',
  's.registry_id',
  's.title',
  's.artist_name',
  's.image_hash',
  's.image_phash',
  's.verification_resources',
  's.is_public',
  's.deleted_at',
  's.created_at',
] as const;

/** What a watch request leads to: only 'send' sends a confirmation e-mail. */
export type WatchRequestOutcome = 'send' | 'confirmed' | 'pending' | 'capped';

/**
 * Records a request to watch a work and decides whether a confirmation e-mail goes out: for a new
 * watch, or a pending one whose last e-mail was sent before `resendBefore` (its link is then
 * replaced), and only while the address got fewer than `cap` confirmation e-mails since
 * `capSince`. One transaction holding a lock on the lower-cased address, so concurrent requests
 * can neither send two e-mails for one pending watch nor pass the cap together; the e-mail is
 * queued (`onSend`) in that transaction too.
 */
export async function recordWatchRequest(
  db: Kysely<DB>,
  watch: { submissionId: string; email: string; confirmHash: string; unsubscribeHash: string; at: Date },
  limits: { resendBefore: Date; capSince: Date; cap: number },
  /** Queues the confirmation e-mail in the same transaction, when the outcome is 'send'. */
  onSend: (trx: Transaction<DB>) => Promise<void>,
): Promise<WatchRequestOutcome> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(727100034, hashtext(lower(${watch.email})))`.execute(trx);
    const existing = await sql<{ id: string; confirmed_at: Date | null; confirm_sent_at: Date | null }>`
      SELECT id, confirmed_at, confirm_sent_at FROM work_watches
      WHERE submission_id = ${watch.submissionId} AND lower(email) = lower(${watch.email})`.execute(trx);
    const row = existing.rows[0];
    if (row?.confirmed_at) return 'confirmed';
    if (row?.confirm_sent_at && new Date(row.confirm_sent_at) >= limits.resendBefore) return 'pending';
    const recent = await sql<{ sent: string }>`
      SELECT count(*) AS sent FROM work_watches
      WHERE lower(email) = lower(${watch.email}) AND confirm_sent_at >= ${limits.capSince}`.execute(trx);
    if (Number(recent.rows[0]?.sent ?? 0) >= limits.cap) return 'capped';
    if (row) {
      await sql`UPDATE work_watches SET confirm_token_hash = ${watch.confirmHash}, unsubscribe_token_hash = ${watch.unsubscribeHash},
                  confirm_sent_at = ${watch.at}
                WHERE id = ${row.id}`.execute(trx);
    } else {
      // The manage page's watches (upsertConfirmedWatch) take no lock: one made meanwhile is confirmed.
      const inserted = await sql`
        INSERT INTO work_watches (submission_id, email, confirm_token_hash, unsubscribe_token_hash, confirm_sent_at, created_at)
        VALUES (${watch.submissionId}, ${watch.email}, ${watch.confirmHash}, ${watch.unsubscribeHash}, ${watch.at}, ${watch.at})
        ON CONFLICT (submission_id, lower(email)) DO NOTHING
        RETURNING id`.execute(trx);
      if (inserted.rows.length === 0) return 'confirmed';
    }
    await onSend(trx);
    return 'send';
  });
}

/**
 * Confirms the watch a link belongs to (once: the link stops working). Alerts found before the
 * confirmation are not mailed: the watcher starts from now.
 */
export async function confirmWatch(db: Kysely<DB>, confirmHash: string, at: Date): Promise<{ submission_id: string } | undefined> {
  const result = await sql<{ submission_id: string }>`
    UPDATE work_watches SET confirmed_at = ${at}, confirm_token_hash = NULL,
      last_alert_id = (SELECT coalesce(max(id), 0) FROM watch_alerts a WHERE a.submission_id = work_watches.submission_id)
    WHERE confirm_token_hash = ${confirmHash} AND confirmed_at IS NULL
    RETURNING submission_id`.execute(db);
  return result.rows[0];
}

export async function deleteWatchByUnsubscribeHash(db: Kysely<DB>, unsubscribeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('work_watches').where('unsubscribe_token_hash', '=', unsubscribeHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Stores a new unsubscribe link's hash (each alert e-mail carries a fresh one). */
export async function setUnsubscribeHash(db: Kysely<DB>, watchId: string, unsubscribeHash: string): Promise<void> {
  await db.updateTable('work_watches').set({ unsubscribe_token_hash: unsubscribeHash }).where('id', '=', watchId).execute();
}

export async function readScanPosition(db: Kysely<DB>): Promise<number> {
  const result = await sql<{ last_seq: string }>`SELECT last_seq FROM watch_scan_state`.execute(db);
  return Number(result.rows[0]?.last_seq ?? 0);
}

export async function saveScanPosition(db: Kysely<DB>, lastSeq: number): Promise<void> {
  await sql`UPDATE watch_scan_state SET last_seq = ${lastSeq} WHERE last_seq < ${lastSeq}`.execute(db);
}

/** Works registered after `afterSeq` (private and removed ones too: the caller skips them), oldest first. */
export async function worksRegisteredAfter(db: Kysely<DB>, afterSeq: number, limit: number): Promise<WorkFingerprint[]> {
  return db
    .selectFrom('submissions as s')
    .select(FINGERPRINT_COLUMNS)
    .where('s.registry_seq', '>', String(afterSeq))
    .orderBy('s.registry_seq')
    .limit(limit)
    .execute() as Promise<WorkFingerprint[]>;
}

/** Every public work someone watches (with a confirmed address). Small: one row per watched work. */
export async function watchedWorks(db: Kysely<DB>): Promise<WorkFingerprint[]> {
  return db
    .selectFrom('submissions as s')
    .select(FINGERPRINT_COLUMNS)
    .where('s.is_public', '=', true)
    .where('s.deleted_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('work_watches as w')
          .select('w.id')
          .whereRef('w.submission_id', '=', 's.id')
          .where('w.confirmed_at', 'is not', null),
      ),
    )
    .execute() as Promise<WorkFingerprint[]>;
}

export interface NewAlert {
  submission_id: string;
  match_id: string;
  reason: 'exact_duplicate' | 'near_duplicate' | 'profile_link';
  distance: number | null;
}

export async function insertAlerts(db: Kysely<DB>, alerts: readonly NewAlert[], at: Date): Promise<void> {
  if (alerts.length === 0) return;
  await db
    .insertInto('watch_alerts')
    .values(alerts.map((alert) => ({ ...alert, created_at: at })))
    .onConflict((oc) => oc.columns(['submission_id', 'match_id']).doNothing())
    .execute();
}

export interface PendingAlert {
  watch_id: string;
  /** The watch's last mailed alert when this was read (see claimAlerts). */
  last_alert_id: string;
  email: string;
  alert_id: string;
  reason: string;
  distance: number | null;
  watched_id: string;
  watched_registry_id: string;
  watched_title: string;
  match_id: string;
  match_registry_id: string;
  match_title: string;
  match_artist: string;
}

/** Alerts not yet mailed to their confirmed watchers, whose matching work is still public. */
export async function pendingAlerts(db: Kysely<DB>, limit: number): Promise<PendingAlert[]> {
  const result = await sql<PendingAlert>`
    SELECT w.id AS watch_id, w.last_alert_id, w.email, a.id AS alert_id, a.reason, a.distance,
           ws.id AS watched_id, ws.registry_id AS watched_registry_id, ws.title AS watched_title,
           m.id AS match_id, m.registry_id AS match_registry_id, m.title AS match_title, m.artist_name AS match_artist
    FROM work_watches w
    JOIN watch_alerts a ON a.submission_id = w.submission_id AND a.id > w.last_alert_id
    JOIN submissions ws ON ws.id = w.submission_id
    JOIN submissions m ON m.id = a.match_id AND m.is_public AND m.deleted_at IS NULL
    WHERE w.confirmed_at IS NOT NULL
    ORDER BY w.id, a.id
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/**
 * Takes the alerts after `fromId` up to `toId` of a watch for mailing: false when another process
 * took them first. Taken before sending, so two processes never send the same alert twice.
 */
export async function claimAlerts(db: Kysely<DB>, watchId: string, fromId: string, toId: string): Promise<boolean> {
  const result = await db
    .updateTable('work_watches')
    .set({ last_alert_id: toId })
    .where('id', '=', watchId)
    .where('last_alert_id', '=', fromId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives claimed alerts back after a failed send, so the next run tries again. */
export async function releaseAlerts(db: Kysely<DB>, watchId: string, fromId: string, toId: string): Promise<void> {
  await db
    .updateTable('work_watches')
    .set({ last_alert_id: fromId })
    .where('id', '=', watchId)
    .where('last_alert_id', '=', toId)
    .execute();
}

export interface FeedAlert {
  id: string;
  reason: string;
  distance: number | null;
  created_at: Date | string;
  match_id: string;
  match_registry_id: string;
  match_title: string;
  match_artist: string;
}

/** The newest alerts of a public work whose matching work is still public. */
export async function alertsOfWork(db: Kysely<DB>, submissionId: string, limit: number): Promise<FeedAlert[]> {
  const result = await sql<FeedAlert>`
    SELECT a.id, a.reason, a.distance, a.created_at,
           m.id AS match_id, m.registry_id AS match_registry_id, m.title AS match_title, m.artist_name AS match_artist
    FROM watch_alerts a
    JOIN submissions m ON m.id = a.match_id AND m.is_public AND m.deleted_at IS NULL
    WHERE a.submission_id = ${submissionId}
    ORDER BY a.id DESC
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** Runs `work` only if no other process runs it now (a transaction-scoped advisory lock). */
export async function withScannerLock(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(727100014) AS ok`.execute(trx);
    if (!locked.rows[0]?.ok) return false;
    await work(trx);
    return true;
  });
}

/** The newest alerts of each of `workIds` (at most `perWork` each) whose matching work is public. */
export async function alertsOfWorks(
  db: Kysely<DB>,
  workIds: readonly string[],
  perWork: number,
): Promise<(FeedAlert & { submission_id: string })[]> {
  if (workIds.length === 0) return [];
  const result = await sql<FeedAlert & { submission_id: string }>`
    SELECT * FROM (
      SELECT a.submission_id, a.id, a.reason, a.distance, a.created_at,
             m.id AS match_id, m.registry_id AS match_registry_id, m.title AS match_title, m.artist_name AS match_artist,
             row_number() OVER (PARTITION BY a.submission_id ORDER BY a.id DESC) AS rank
      FROM watch_alerts a
      JOIN submissions m ON m.id = a.match_id AND m.is_public AND m.deleted_at IS NULL
      WHERE a.submission_id IN (${sql.join(workIds)})
    ) ranked
    WHERE rank <= ${perWork}
    ORDER BY submission_id, id DESC`.execute(db);
  return result.rows;
}

export async function confirmedWatchesOf(db: Kysely<DB>, email: string, workIds: readonly string[]): Promise<string[]> {
  if (workIds.length === 0) return [];
  const result = await sql<{ submission_id: string }>`
    SELECT submission_id FROM work_watches
    WHERE lower(email) = lower(${email}) AND confirmed_at IS NOT NULL AND submission_id IN (${sql.join(workIds)})`.execute(db);
  return result.rows.map((row) => row.submission_id);
}

/** A watch whose address is already proven (the manage page's session): confirmed at once. */
export async function upsertConfirmedWatch(
  db: Kysely<DB>,
  submissionId: string,
  email: string,
  unsubscribeHash: string,
  at: Date,
): Promise<void> {
  await sql`
    INSERT INTO work_watches (submission_id, email, unsubscribe_token_hash, confirmed_at, last_alert_id, created_at)
    VALUES (${submissionId}, ${email}, ${unsubscribeHash}, ${at},
            (SELECT coalesce(max(id), 0) FROM watch_alerts WHERE submission_id = ${submissionId}), ${at})
    ON CONFLICT (submission_id, lower(email)) DO UPDATE
      SET confirmed_at = coalesce(work_watches.confirmed_at, excluded.confirmed_at),
          confirm_token_hash = NULL,
          last_alert_id = CASE WHEN work_watches.confirmed_at IS NULL THEN excluded.last_alert_id ELSE work_watches.last_alert_id END`.execute(
    db,
  );
}

export async function deleteWatch(db: Kysely<DB>, submissionId: string, email: string): Promise<void> {
  await sql`DELETE FROM work_watches WHERE submission_id = ${submissionId} AND lower(email) = lower(${email})`.execute(db);
}
