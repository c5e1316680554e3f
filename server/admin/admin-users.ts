// Creating admin accounts: the CLI command and the master-key register call share these rules.
import type { Kysely } from 'kysely';
import { ADMIN_PASSWORD_MIN_LENGTH, type AdminProfile } from '../../core/admin-api-types';
import { adminExistsText, adminPasswordTooLongText, adminPasswordTooShortText } from '../../core/api-error-texts';
import { LIMITS } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { isValidEmail } from '../../core/schemas';
import type { DB } from '../db/types';
import { writeAudit } from '../audit/write-audit';
import { findAdminByEmail, insertAdmin } from './admin-users-repository';
import { hashPassword } from './passwords';

export type AdminCreateErrorCode = 'invalid_email' | 'weak_password' | 'admin_exists';

export class AdminCreateError extends Error {
  constructor(
    readonly code: AdminCreateErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AdminCreateError';
  }
}

/** Throws AdminCreateError with a sentence a person can act on. */
export function checkNewAdmin(email: string, password: string): void {
  if (!isValidEmail(email) || email.trim().length > LIMITS.email) {
    throw new AdminCreateError('invalid_email', MESSAGES.emailInvalid.description);
  }
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new AdminCreateError('weak_password', adminPasswordTooShortText(ADMIN_PASSWORD_MIN_LENGTH));
  }
  if (password.length > LIMITS.adminPassword) {
    throw new AdminCreateError('weak_password', adminPasswordTooLongText(LIMITS.adminPassword));
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export async function createAdmin(
  db: Kysely<DB>,
  input: { email: string; password: string },
  context: { now: Date; createdBy?: AdminProfile | null; via: string; ip?: string | null; user_agent?: string | null },
): Promise<AdminProfile> {
  const email = input.email.trim();
  checkNewAdmin(email, input.password);
  const exists = await findAdminByEmail(db, email);
  const taken = () => new AdminCreateError('admin_exists', adminExistsText(email));
  if (exists) throw taken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertAdmin(trx, { email, password_hash: passwordHash, created_at: context.now });
      await writeAudit(trx, {
        table_name: 'admin_users',
        record_id: row.id,
        action_type: 'CREATE',
        admin: context.createdBy ?? null,
        reason: `Admin created (${context.via})`,
        new_values: { email: row.email },
        ip: context.ip,
        user_agent: context.user_agent,
        at: context.now,
      });
      return { id: row.id, email: row.email };
    });
  } catch (err) {
    // Two creations of the same e-mail at once: the unique index decides.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
