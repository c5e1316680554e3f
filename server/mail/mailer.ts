// Outgoing e-mail (decision 0013). With SMTP_URL set, messages go to that SMTP server; without
// it (development), each message is written as an .eml file to DATA_DIR/outbox/ so a developer
// can open the link, and the caller logs it.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { inFolderMadeOnDemand } from '../storage/folder-on-demand';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on alert e-mails. */
  headers?: Record<string, string>;
  /** Set by the mail job from the message's idempotency key (mail-queue.ts). */
  messageId?: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' writes files (development). */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted by the SMTP server or written; returns the .eml path for the outbox. */
  send(message: MailMessage): Promise<{ file?: string }>;
  /** Resolves when every message handed to send() so far is sent or has failed. */
  idle(): Promise<void>;
  close(): void;
}

// A broken SMTP server must not hold a request or the shutdown for minutes (nodemailer's defaults).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

type Send = (message: MailMessage) => Promise<{ file?: string }>;

/** Keeps track of messages in flight, so the server can finish them before it closes. */
function tracked(kind: Mailer['kind'], send: Send, close: () => void): Mailer {
  const pending = new Set<Promise<unknown>>();
  return {
    kind,
    send(message) {
      const sending = send(message);
      const settled = sending.catch(() => undefined);
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return sending;
    },
    async idle() {
      await Promise.all([...pending]);
    },
    close,
  };
}

/**
 * A transport made with the first message: nodemailer adds to every start of the server, and most
 * processes send nothing for a long while.
 */
function transportOnFirstUse<T extends { close(): void }>(
  make: (nodemailer: typeof Nodemailer) => T,
): { use(): Promise<T>; close(): void } {
  let making: Promise<T> | undefined;
  let made: T | undefined;
  return {
    use: () => (making ??= import('nodemailer').then((module) => (made = make(module.default)))),
    close: () => made?.close(),
  };
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    const transport = transportOnFirstUse((nodemailer) => nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
    return tracked(
      'smtp',
      async (message) => {
        await (await transport.use()).sendMail({ from: config.mailFrom, ...message });
        return {};
      },
      transport.close,
    );
  }
  const transport = transportOnFirstUse((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const dir = outboxDir(config.dataDir);
  return tracked(
    'outbox',
    async (message) => {
      const info = await (await transport.use()).sendMail({ from: config.mailFrom, ...message });
      // Time first so the folder lists in sending order.
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`);
      // Written aside and renamed, so a reader never sees half a message.
      await inFolderMadeOnDemand(`${file}.tmp`, () => fsp.writeFile(`${file}.tmp`, info.message as Buffer));
      await fsp.rename(`${file}.tmp`, file);
      return { file };
    },
    transport.close,
  );
}
