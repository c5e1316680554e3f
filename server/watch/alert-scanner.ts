// The watch-alert run, every WATCH.scanSeconds in each server process: read the works registered
// since the last run (one process at a time, under an advisory lock; the position is shared in
// the database), record alerts for the watched works they look like, then e-mail the new alerts
// to their watchers. A run never scans the whole ledger: it reads the new works and the watched
// ones.
import type { FastifyInstance } from 'fastify';
import { WATCH } from '../../core/constants';
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import { newLinkToken } from '../mail/link-tokens';
import type { Mailer } from '../mail/mailer';
import { findAlerts } from './alert-matching';
import {
  claimAlerts,
  insertAlerts,
  pendingAlerts,
  readScanPosition,
  releaseAlerts,
  saveScanPosition,
  setUnsubscribeHash,
  watchedWorks,
  withScannerLock,
  worksRegisteredAfter,
  type PendingAlert,
} from './watch-repository';
import { linkTo, WATCH_UNSUBSCRIBE_PATH, type WatchLog } from './watch-service';

// Works read per run; a backlog (a busy minute, a process that was down) drains over a few runs.
const SCAN_BATCH = 2000;
const MAIL_BATCH = 1000;

const REASON_TEXT: Record<string, string> = {
  exact_duplicate: 'the same image file as the watched work',
  near_duplicate: 'an image visually near-identical to the watched work',
  profile_link: "claims one of the watched work's profile links",
};

export function alertReasonText(reason: string, distance: number | null): string {
  const text = REASON_TEXT[reason] ?? reason;
  return reason === 'near_duplicate' && distance !== null ? `${text} (${distance} of 64 bits differ)` : text;
}

/** Records alerts for the works registered since the last scan; returns how many were found. */
export async function scanForAlerts(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  let found = 0;
  await withScannerLock(deps.db, async (trx) => {
    const from = await readScanPosition(trx);
    const fresh = await worksRegisteredAfter(trx, from, SCAN_BATCH);
    if (fresh.length === 0) return;
    // A private or removed work is nobody's news: it can never be named in an alert.
    const visible = fresh.filter((work) => work.is_public && !work.deleted_at);
    const alerts = visible.length > 0 ? findAlerts(await watchedWorks(trx), visible) : [];
    await insertAlerts(trx, alerts, deps.now());
    await saveScanPosition(trx, Number(fresh[fresh.length - 1].registry_seq));
    found = alerts.length;
  });
  return found;
}

function alertMessage(siteUrl: string, alerts: readonly PendingAlert[], unsubscribeUrl: string) {
  const watched = alerts[0];
  const lines = alerts.map(
    (a) =>
      `- "${a.match_title}" by ${a.match_artist} (${a.match_registry_id}): ${alertReasonText(a.reason, a.distance)}\n  ${siteUrl}/verify/${a.match_id}`,
  );
  const text = [
    `New registrations on ${SITE_NAME} look like copies of "${watched.watched_title}" (${watched.watched_registry_id}), which you watch:`,
    '',
    ...lines,
    '',
    `Your work's proof page: ${siteUrl}/verify/${watched.watched_id}`,
    'If one of them is yours, or you hold the rights and it is not, you can ask for its removal from its proof page.',
    '',
    `Stop these alerts: ${unsubscribeUrl}`,
  ].join('\n');
  const subject = `${alerts.length === 1 ? 'A possible copy' : `${alerts.length} possible copies`} of ${watched.watched_registry_id} registered`;
  return { subject, text };
}

/** E-mails every alert not yet sent to its confirmed watchers, one message per watcher and work. */
export async function mailPendingAlerts(deps: Pick<AppDeps, 'db' | 'config'>, mailer: Mailer, log: WatchLog): Promise<number> {
  const byWatch = new Map<string, PendingAlert[]>();
  for (const alert of await pendingAlerts(deps.db, MAIL_BATCH))
    byWatch.set(alert.watch_id, [...(byWatch.get(alert.watch_id) ?? []), alert]);
  let sent = 0;
  for (const [watchId, alerts] of byWatch) {
    const from = alerts[0].last_alert_id;
    const to = alerts[alerts.length - 1].alert_id;
    if (!(await claimAlerts(deps.db, watchId, from, to))) continue; // another process has them
    const unsubscribe = newLinkToken();
    await setUnsubscribeHash(deps.db, watchId, unsubscribe.hash);
    const unsubscribeUrl = linkTo(deps.config.siteUrl, WATCH_UNSUBSCRIBE_PATH, unsubscribe.token);
    const { subject, text } = alertMessage(deps.config.siteUrl, alerts, unsubscribeUrl);
    try {
      await mailer.send({
        to: alerts[0].email,
        subject,
        text,
        // RFC 8058 one-click unsubscribe: mail clients offer a button that POSTs to the link.
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      sent += 1;
    } catch (err) {
      log.error({ err, watch: watchId }, 'could not send a watch alert; it is tried again on the next run');
      await releaseAlerts(deps.db, watchId, from, to);
    }
  }
  return sent;
}

/** Scans and mails every WATCH.scanSeconds while the app runs. */
export function scheduleWatchAlerts(app: FastifyInstance, deps: AppDeps, mailer: Mailer, intervalMs = WATCH.scanSeconds * 1000): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= scanForAlerts(deps)
      .then(() => mailPendingAlerts(deps, mailer, app.log))
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, 'the watch-alert run failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
