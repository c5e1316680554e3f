// Admin sign-in throttle (issue 11): growing waits after repeated failures, counted per client
// address and per (address, e-mail typed), never per account alone, so an attacker slows only
// their own attempts and cannot lock a real admin out from elsewhere. The e-mail is part of the
// key whether or not an account has it, so the answers do not tell which e-mails are admins.
// Counters live in the login_throttle table (migration 007), shared by every server process.
// Times come from the caller (deps.now()), like every other time decision of the server.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import {
  deleteExpiredLoginThrottles,
  deleteThrottle,
  lockOrCreateThrottle,
  lockThrottle,
  updateThrottle,
} from './login-throttle-repository';

export const LOGIN_THROTTLE = {
  /** Failures from one address for one e-mail before every further attempt must wait. */
  freeFailuresPerEmail: 5,
  /** Failures from one address across all e-mails before every further attempt must wait. */
  freeFailuresPerAddress: 20,
  /** The n-th failure past the free ones makes the next attempt wait 2^n seconds, up to this. */
  maxWaitSeconds: 15 * 60,
  /** A counter with no failure for this long is forgotten. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

type Db = Kysely<DB> | Transaction<DB>;

interface ThrottleKey {
  key: string;
  freeFailures: number;
}

export type LoginCharge = { kind: 'charged' } | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * The address an attempt is counted under. An IPv6 client normally holds a whole /64 and could
 * pick a new address for every attempt, so those are counted by their /64 network.
 */
export function throttleAddress(ip: string): string {
  // Only a trusted proxy's header could give something else; hashed, it stays a short key.
  if (!ipaddr.isValid(ip)) return `unparsed-${crypto.createHash('sha256').update(ip).digest('hex')}`;
  const address = ipaddr.process(ip); // IPv4-mapped IPv6 becomes the plain IPv4 address.
  return address.kind() === 'ipv6'
    ? `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`
    : address.toString();
}

/** Address key first, then (address, e-mail): every attempt locks its rows in this order. */
function throttleKeys(ip: string, email: string): [ThrottleKey, ThrottleKey] {
  const address = throttleAddress(ip);
  // Hashed so the table keeps no list of the e-mails people typed.
  const pair = crypto.createHash('sha256').update(`${address}\n${email.trim().toLowerCase()}`).digest('hex');
  return [
    { key: `ip:${address}`, freeFailures: LOGIN_THROTTLE.freeFailuresPerAddress },
    { key: `ip-email:${pair}`, freeFailures: LOGIN_THROTTLE.freeFailuresPerEmail },
  ];
}

/** When the next attempt may be checked after `failures` failures: 2, 4, 8 … seconds, capped. */
function blockedUntilAfter(failures: number, freeFailures: number, now: Date): Date | null {
  if (failures < freeFailures) return null;
  const seconds = Math.min(2 ** Math.min(failures - freeFailures + 1, 30), LOGIN_THROTTLE.maxWaitSeconds);
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * Counts an attempt before its password is checked, so requests sent in parallel cannot all slip
 * through before the first failure is written; `refundLoginAttempt` takes it back when the
 * password is right. While a wait is running the attempt is refused uncounted.
 */
export async function chargeLoginAttempt(db: Kysely<DB>, ip: string, email: string, now: Date): Promise<LoginCharge> {
  const keys = throttleKeys(ip, email);
  const expiresAt = new Date(now.getTime() + LOGIN_THROTTLE.forgetAfterMs);
  return db.transaction().execute(async (trx): Promise<LoginCharge> => {
    const rows = [];
    for (const { key } of keys) {
      const row = await lockOrCreateThrottle(trx, key, expiresAt);
      // A row past its expiry that the cleanup has not reached yet counts as absent.
      rows.push(new Date(row.expires_at) > now ? row : { ...row, failures: 0, blocked_until: null });
    }
    const waits = rows.map((r) => (r.blocked_until ? new Date(r.blocked_until).getTime() - now.getTime() : 0));
    const longest = Math.max(...waits);
    if (longest > 0) return { kind: 'throttled', retryAfterSeconds: Math.ceil(longest / 1000) };
    for (const [i, { key, freeFailures }] of keys.entries()) {
      const failures = rows[i].failures + 1;
      await updateThrottle(trx, key, {
        failures,
        blocked_until: blockedUntilAfter(failures, freeFailures, now),
        expires_at: expiresAt,
      });
    }
    return { kind: 'charged' };
  });
}

/**
 * The right password: the (address, e-mail) counter starts again, and the attempt no longer
 * counts against the address (a wait it set is lifted unless earlier failures justify one).
 */
export async function refundLoginAttempt(db: Db, ip: string, email: string, now: Date): Promise<void> {
  const [address, pair] = throttleKeys(ip, email);
  const row = await lockThrottle(db, address.key);
  if (row && new Date(row.expires_at) > now) {
    const failures = Math.max(0, row.failures - 1);
    const blockedUntil = failures >= address.freeFailures ? row.blocked_until : null;
    await updateThrottle(db, address.key, { failures, blocked_until: blockedUntil });
  }
  await deleteThrottle(db, pair.key);
}

/**
 * The hourly cleanup, so the table does not grow forever: a scheduled job of the queue, run by one
 * process (decision 0058).
 */
export function loginThrottleCleanupJob(db: Kysely<DB>, now: () => Date, log: Pick<FastifyBaseLogger, 'info'>): JobKind<object> {
  return periodicJob('login-throttle-cleanup', '7 * * * *', async () => {
    const deleted = await deleteExpiredLoginThrottles(db, now());
    if (deleted > 0) log.info({ deleted }, 'expired login throttle counters removed');
  });
}
