// Server-side admin sessions (decision 0014): the cookie carries a random 32-byte token; the
// database keeps only its SHA-256, so a leaked table cannot be replayed as cookies.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ADMIN_SESSION_COOKIE } from '../../core/admin-api-types';
import type { AppConfig } from '../config';
import type { DB, SecondFactorUsed } from '../db/types';
import type { SignedInAdmin, RequestMeta } from '../http/request-context';
import { findLiveSession, insertSession, revokeSessionRow } from './sessions-repository';

export { ADMIN_SESSION_COOKIE };

export function hashSessionToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A session of `minutes`: a half one (secondFactor null, decision 0068) right after the password,
 * a full one once a second factor confirmed it.
 */
export async function createSession(
  trx: Transaction<DB>,
  adminId: string,
  now: Date,
  minutes: number,
  meta: RequestMeta,
  secondFactor: SecondFactorUsed | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + minutes * 60 * 1000);
  await insertSession(trx, {
    second_factor: secondFactor,
    token_hash: hashSessionToken(token),
    admin_id: adminId,
    created_at: now,
    expires_at: expiresAt,
    ip_address: meta.ip,
    user_agent: meta.user_agent,
  });
  return { token, expiresAt };
}

/** The admin of a live session (not expired at `now`, not revoked), or null. */
export async function findSession(db: Kysely<DB>, token: string | undefined, now: Date): Promise<SignedInAdmin | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashSessionToken(token);
  const row = await findLiveSession(db, tokenHash, now);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    sessionHash: tokenHash,
    sessionExpiresAt: new Date(row.expires_at),
    secondFactor: row.second_factor,
  };
}

export async function revokeSession(trx: Transaction<DB>, tokenHash: string, now: Date): Promise<void> {
  await revokeSessionRow(trx, tokenHash, now);
}

/**
 * HttpOnly (no script can read it), SameSite=Strict (never sent on cross-site requests), Secure
 * when the site is served over HTTPS. No Max-Age: the browser forgets it when it closes, and the
 * server ends it after ADMIN_SESSION_HOURS whatever the browser does.
 */
export function sessionCookieOptions(config: AppConfig) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: config.siteUrl.startsWith('https:'),
  };
}
