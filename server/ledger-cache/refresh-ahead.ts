// First pages asked for lately are built again as soon as the stamps this process serves move
// (after its own write or another process's notice, new works at most every
// LEDGER_ADDITIONS_SERVED_EVERY_MS: ledger-stamps.ts), instead of by the first visitor
// after the change. Requests that come while it runs get the page kept before it
// (cached-answers.ts), and a page nobody has asked for in the last
// REFRESH_WINDOW_MS is not rebuilt ahead, so the extra work follows the traffic.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ledgerStampSourceOf } from './process-stamps';
import type { DB } from '../db/types';

const REFRESH_WINDOW_MS = 10_000;
/** At most this many different questions are kept fresh ahead of time. */
const MAX_QUESTIONS = 8;

export class RefreshAhead<Q> {
  /** Questions by key, least recently asked first. */
  private readonly recent = new Map<string, { question: Q; askedAtMs: number }>();

  constructor(
    private readonly answer: (question: Q) => Promise<unknown>,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /** A visitor asked `question`: keep it fresh for a while. */
  asked(key: string, question: Q): void {
    this.recent.delete(key);
    this.recent.set(key, { question, askedAtMs: this.nowMs() });
    if (this.recent.size > MAX_QUESTIONS) this.recent.delete(this.recent.keys().next().value as string);
  }

  /** The ledger changed: answer every question asked lately again. Resolves when all are answered; never rejects. */
  async changed(): Promise<void> {
    const now = this.nowMs();
    const answers: Promise<unknown>[] = [];
    for (const [key, { question, askedAtMs }] of this.recent) {
      if (now - askedAtMs > REFRESH_WINDOW_MS) {
        this.recent.delete(key);
        continue;
      }
      // A failure here is the next visitor's to see (and report): that request builds again.
      answers.push(this.answer(question).catch(() => undefined));
    }
    await Promise.all(answers);
  }
}

/**
 * A RefreshAhead for `answer` that follows `db`'s change notices for as long as `app` runs
 * (a Kysely made outside openDatabase has none: its pages are then built by visitors only).
 */
export function refreshAheadOnChange<Q>(
  app: FastifyInstance,
  db: Kysely<DB>,
  answer: (question: Q) => Promise<unknown>,
): RefreshAhead<Q> {
  const refresh = new RefreshAhead(answer);
  const stop = ledgerStampSourceOf(db)?.onNotice(() => refresh.changed());
  app.addHook('onClose', async () => stop?.());
  return refresh;
}
