// Database errors that must never reach a client as a 500. The input gate and the schemas refuse
// bad values first; this is the net behind them: a value PostgreSQL cannot read (SQLSTATE class
// 22) or a statement past its limits (class 54) is the request's fault (400), and a database
// that is briefly unreachable or overloaded is a 503 the client may retry.
import { MESSAGES } from '../../core/messages';
import type { AppError } from '../../core/app-error';
import { appError } from '../../core/app-error';

interface DatabaseErrorLike {
  code: string;
  severity?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Node socket errors of a database connection that went away. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

function isDatabaseError(err: unknown): err is DatabaseErrorLike {
  const e = err as Partial<DatabaseErrorLike> | null;
  return typeof e?.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
}

export const RETRY_AFTER_SECONDS = 5;

/** The AppError a database error stands for, or null when it is a real server fault. */
export function httpErrorForDatabaseError(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return unavailable();
  if (!isDatabaseError(err)) return null;
  const sqlClass = err.code.slice(0, 2);
  if (sqlClass === '22' || sqlClass === '54') {
    return appError('invalid_value', MESSAGES.unreadableValue.description, { title: MESSAGES.unreadableValue.title });
  }
  // 08 connection exception, 53 insufficient resources, 57 operator intervention (shutdown, cancel).
  if (sqlClass === '08' || sqlClass === '53' || sqlClass === '57') return unavailable();
  return null;
}

function unavailable(): AppError {
  return appError('unavailable', MESSAGES.serviceUnavailable.description, {
    title: MESSAGES.serviceUnavailable.title,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });
}
