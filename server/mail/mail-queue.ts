// E-mail as jobs of the durable queue (decision 0058). A message is queued (in the transaction of
// the change that causes it, when there is one) with an idempotency key; the `mail` job sends it
// through the Mailer, retries with back-off for about a day while the SMTP server refuses or
// stalls, then stays failed for the operator. The key makes a second run of a sent job (a crash
// after the send, a job taken again after its run timed out) a no-op: see mail-deliveries.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../config';
import type { DB } from '../db/types';
import { BACKGROUND_MAX_WAIT_MS } from '../../core/background-work';
import type { JobLog, JobQueue } from '../jobs/job-queue';
import type { MailMessage, Mailer } from './mailer';
import { recordDelivery, wasDelivered } from './mail-deliveries-repository';

export const MAIL_JOB = 'mail';
/**
 * Messages a process sends at once: a stalled SMTP conversation holds one worker until its
 * time-out; the other keeps sending. So a crash can catch this many messages in the window of
 * decision 0058 (accepted by the SMTP server, delivery not yet recorded).
 */
export const MAIL_WORKERS = 2;

interface MailJobData {
  key: string;
  message: MailMessage;
  /** Logged with the outcome (ids, never the address). */
  context?: Record<string, string>;
}

export interface MailSendOptions {
  /** The transaction of the change that causes the message: queued only if it commits. */
  db?: Kysely<DB> | Transaction<DB>;
  /** One message per key, ever; default a new random key (this call's message). */
  key?: string;
  context?: Record<string, string>;
}

export interface MailSender {
  /** 'outbox' in development: the job writes the message to DATA_DIR/outbox/. */
  readonly kind: Mailer['kind'];
  /** Queues the message; resolves once it is queued (or, in a transaction, written with it). */
  send(message: MailMessage, options?: MailSendOptions): Promise<void>;
  /** Runs this process's mail worker now: call after the transaction that queued mail commits. */
  wake(): void;
}

/** Each message's Message-ID comes from its key: a copy sent twice is recognisably the same message. */
function messageIdOf(key: string, siteUrl: string): string {
  const digest = crypto.createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(siteUrl).hostname}>`;
}

export function defineMailJob(
  queue: JobQueue,
  deps: { db: Kysely<DB>; config: Pick<AppConfig, 'siteUrl' | 'mailRetry'>; now: () => Date },
  mailer: Mailer,
  log: JobLog,
): MailSender {
  queue.define<MailJobData>({
    name: MAIL_JOB,
    retry: { limit: deps.config.mailRetry.limit, delaySeconds: deps.config.mailRetry.delaySeconds, backoff: true },
    // Longer than nodemailer's own time-outs (mailer.ts), which end a stalled conversation first.
    expireInSeconds: deps.config.mailRetry.timeoutSeconds,
    workers: MAIL_WORKERS,
    // Sent after the registrations under way, half a minute after queueing at most (decision 0074).
    yieldsToRegistrations: { maxWaitMs: BACKGROUND_MAX_WAIT_MS.mail },
    async run(data, job) {
      if (await wasDelivered(deps.db, data.key)) {
        log.info({ ...data.context, job: job.id }, 'e-mail already sent; not sent again');
        return;
      }
      const sent = await mailer.send({ ...data.message, messageId: messageIdOf(data.key, deps.config.siteUrl) });
      // The residual window (decision 0058): a crash between the SMTP server's acceptance and this
      // write makes the retry send the message a second time, with the same Message-ID.
      await recordDelivery(deps.db, data.key, job.id, deps.now());
      log.info({ ...data.context, job: job.id, ...(sent.file ? { file: sent.file } : {}) }, 'e-mail sent');
    },
  });
  return {
    kind: mailer.kind,
    async send(message, options = {}) {
      const data: MailJobData = {
        key: options.key ?? crypto.randomUUID(),
        message,
        ...(options.context && { context: options.context }),
      };
      await queue.enqueue(options.db ?? deps.db, MAIL_JOB, data);
      if (!options.db) queue.wake(MAIL_JOB);
    },
    wake: () => queue.wake(MAIL_JOB),
  };
}
