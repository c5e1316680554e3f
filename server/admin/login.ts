// Admin sign-in with per-account throttling: 10 failed attempts in a row lock the account for
// 15 minutes, during which even the right password is refused. Times come from deps.now().
import type { AdminProfile } from '../../core/admin-api-types';
import type { AppDeps } from '../deps';
import { writeAudit } from '../audit/write-audit';
import { spendPasswordCheck, verifyPassword } from './passwords';
import { createSession } from './sessions';
import type { RequestMeta } from './request-context';

export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 15;

export type LoginResult =
  | { kind: 'ok'; admin: AdminProfile; token: string; expiresAt: Date }
  | { kind: 'invalid' }
  | { kind: 'locked'; until: Date };

export async function attemptLogin(deps: AppDeps, email: string, password: string, meta: RequestMeta): Promise<LoginResult> {
  const user = await deps.db
    .selectFrom('admin_users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) {
    await spendPasswordCheck(password);
    return { kind: 'invalid' };
  }
  const now = deps.now();
  const admin = { id: user.id, email: user.email };
  const lockedUntil = (u: { locked_until: Date | null }) => (u.locked_until && new Date(u.locked_until) > now ? new Date(u.locked_until) : null);

  // The hash is checked before the transaction so the row lock is held only for the bookkeeping.
  const passwordOk = lockedUntil(user) ? false : await verifyPassword(user.password_hash, password);

  return deps.db.transaction().execute(async (trx): Promise<LoginResult> => {
    const current = await trx.selectFrom('admin_users').selectAll().where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
    // Failed attempts name the account in record_id only: nobody is signed in as it.
    const audit = { table_name: 'admin_users', record_id: user.id, ip: meta.ip, user_agent: meta.user_agent, at: now };
    const until = lockedUntil(current);
    if (until) {
      await writeAudit(trx, { ...audit, action_type: 'LOGIN_FAILED', reason: 'Account locked' });
      return { kind: 'locked', until };
    }
    if (passwordOk) {
      await trx
        .updateTable('admin_users')
        .set({ failed_attempts: 0, locked_until: null, last_login_at: now })
        .where('id', '=', user.id)
        .execute();
      const session = await createSession(trx, user.id, now, deps.config.adminSessionHours, meta);
      await writeAudit(trx, { ...audit, admin, action_type: 'LOGIN', reason: 'Admin signed in' });
      return { kind: 'ok', admin, token: session.token, expiresAt: session.expiresAt };
    }
    const attempts = current.failed_attempts + 1;
    const lock = attempts >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCK_MINUTES * 60_000) : null;
    // The counter starts again after a lock, so each lock needs another 10 failures.
    const next = { failed_attempts: lock ? 0 : attempts, locked_until: lock };
    await trx.updateTable('admin_users').set(next).where('id', '=', user.id).execute();
    await writeAudit(trx, {
      ...audit,
      action_type: 'LOGIN_FAILED',
      reason: lock ? `Wrong password; account locked after ${MAX_FAILED_LOGINS} failed attempts` : 'Wrong password',
      old_values: { failed_attempts: current.failed_attempts, locked_until: current.locked_until },
      new_values: next,
    });
    return lock ? { kind: 'locked', until: lock } : { kind: 'invalid' };
  });
}

/** 'This account is locked after too many failed login attempts. Try again in 15 minutes (after 10:45 UTC).' */
export function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  const clock = until.toISOString().slice(11, 16);
  return `This account is locked after too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${clock} UTC).`;
}
