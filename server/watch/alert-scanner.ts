// The watch-alert run, a scheduled job of the durable queue every minute (decision 0058), run by
// one process per period: read the works registered since the last run (under an advisory lock
// too, for a run started by hand; the position is shared in the database), record alerts for the
// watched works they look like, then queue the e-mails of the new alerts to their watchers. A run never scans the whole ledger: it reads the new works and the watched
// ones.
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import { newLinkToken } from '../mail/link-tokens';
import type { MailSender } from '../mail/mail-queue';
import type { JobQueue } from '../jobs/job-queue';
import { findAlerts } from './alert-matching';
import {
  claimAlerts,
  insertAlerts,
  pendingAlerts,
  readScanPosition,
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

/**
 * Queues an e-mail of every alert not yet sent to its confirmed watchers, one message per watcher
 * and work: the alerts are taken and the message queued in one transaction, so an alert is
 * mailed once (the mail job retries it while the SMTP server fails), never lost, never twice.
 */
export async function mailPendingAlerts(deps: Pick<AppDeps, 'db' | 'config'>, mail: MailSender, log: WatchLog): Promise<number> {
  const byWatch = new Map<string, PendingAlert[]>();
  for (const alert of await pendingAlerts(deps.db, MAIL_BATCH))
    byWatch.set(alert.watch_id, [...(byWatch.get(alert.watch_id) ?? []), alert]);
  let queued = 0;
  for (const [watchId, alerts] of byWatch) {
    const from = alerts[0].last_alert_id;
    const to = alerts[alerts.length - 1].alert_id;
    const unsubscribe = newLinkToken();
    const unsubscribeUrl = linkTo(deps.config.siteUrl, WATCH_UNSUBSCRIBE_PATH, unsubscribe.token);
    const { subject, text } = alertMessage(deps.config.siteUrl, alerts, unsubscribeUrl);
    const taken = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimAlerts(trx, watchId, from, to))) return false; // another process has them
      await setUnsubscribeHash(trx, watchId, unsubscribe.hash);
      const message = {
        to: alerts[0].email,
        subject,
        text,
        // RFC 8058 one-click unsubscribe: mail clients offer a button that POSTs to the link.
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
      await mail.send(message, { db: trx, key: `alert:${watchId}:${to}`, context: { watch: watchId } });
      return true;
    });
    if (taken) queued += 1;
  }
  if (queued > 0) {
    mail.wake();
    log.info({ messages: queued }, 'watch alert e-mails queued');
  }
  return queued;
}

export const WATCH_ALERTS_JOB = 'watch-alerts';

/** The run as a periodic job of the queue: every minute, by one process. */
export function defineWatchAlertsJob(queue: JobQueue, deps: AppDeps, mail: MailSender, log: WatchLog): void {
  queue.define({
    name: WATCH_ALERTS_JOB,
    cron: '* * * * *',
    // The next period runs it again anyway.
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    expireInSeconds: 15 * 60,
    async run() {
      await scanForAlerts(deps);
      await mailPendingAlerts(deps, mail, log);
    },
  });
}
