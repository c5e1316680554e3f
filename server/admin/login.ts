// Admin sign-in (decision 0014, issue 11). Failures are throttled per client address and per
// (address, e-mail) with growing waits (login-throttle.ts), never per account: an attacker
// cannot lock a real admin out, and the right password from another address always works.
// Unknown e-mails take the same path and the same time as known ones (a dummy hash is checked),
// and get the same answers. Times come from deps.now(). The right password opens only a half
// session, for ADMIN_HALF_SESSION_MINUTES, that can enrol or verify a second factor (decision 0068).
import type { AdminProfile } from '../../core/admin-api-types';
import { ADMIN_HALF_SESSION_MINUTES } from '../../core/api/admin-factors';
import type { AppDeps } from '../deps';
import { writeAudit } from '../audit/write-audit';
import { findAdminByEmail, stampLastLogin } from './admin-users-repository';
import { chargeLoginAttempt, refundLoginAttempt } from './login-throttle';
import { spendPasswordCheck, verifyPassword } from './passwords';
import { createSession } from './sessions';
import type { RequestMeta } from '../http/request-context';

export type LoginResult =
  | { kind: 'ok'; admin: AdminProfile; token: string; expiresAt: Date }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterSeconds: number };

export async function attemptLogin(deps: AppDeps, email: string, password: string, meta: RequestMeta): Promise<LoginResult> {
  const now = deps.now();
  const charge = await chargeLoginAttempt(deps.db, meta.ip, email, now);
  const user = await findAdminByEmail(deps.db, email);
  // Failed attempts name the account in record_id only: nobody is signed in as it.
  const failed = (reason: string) =>
    user &&
    writeAudit(deps.db, {
      table_name: 'admin_users',
      record_id: user.id,
      action_type: 'LOGIN_FAILED',
      reason,
      ip: meta.ip,
      user_agent: meta.user_agent,
      at: now,
    });

  if (charge.kind === 'throttled') {
    await failed('Too many failed attempts from this address; password not checked');
    return charge;
  }
  if (!user) {
    await spendPasswordCheck(password);
    return { kind: 'invalid' };
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await failed('Wrong password');
    return { kind: 'invalid' };
  }

  const admin = { id: user.id, email: user.email };
  return deps.db.transaction().execute(async (trx): Promise<LoginResult> => {
    await refundLoginAttempt(trx, meta.ip, email, now);
    await stampLastLogin(trx, user.id, now);
    const session = await createSession(trx, user.id, now, ADMIN_HALF_SESSION_MINUTES, meta, null);
    await writeAudit(trx, {
      table_name: 'admin_users',
      record_id: user.id,
      admin,
      action_type: 'LOGIN',
      reason: 'Password accepted; second factor pending',
      ip: meta.ip,
      user_agent: meta.user_agent,
      at: now,
    });
    return { kind: 'ok', admin, token: session.token, expiresAt: session.expiresAt };
  });
}
