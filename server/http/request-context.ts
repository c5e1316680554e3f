// The signed-in admin attached to a request, and the request facts the audit log records.
import type { FastifyRequest } from 'fastify';
import type { AdminProfile } from '../../core/admin-api-types';

export interface SignedInAdmin extends AdminProfile {
  /** SHA-256 of the session token, the admin_sessions key. */
  sessionHash: string;
  sessionExpiresAt: Date;
  /** What confirmed the session; null for a half session (password only, decision 0068). */
  secondFactor: 'passkey' | 'totp' | 'recovery_code' | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: SignedInAdmin;
  }
}

export interface RequestMeta {
  ip: string;
  user_agent: string | null;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, user_agent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

/** The admin of a route behind the session check; the check guarantees it is there. */
export function signedInAdmin(request: FastifyRequest): SignedInAdmin {
  if (!request.admin) throw new Error('Route is missing the admin session check');
  return request.admin;
}

/** The id and e-mail recorded on audit entries. */
export function actorOf(admin: AdminProfile): AdminProfile {
  return { id: admin.id, email: admin.email };
}
