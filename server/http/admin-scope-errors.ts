// The refusals any route of the admin scope (server/admin/routes.ts) may give besides its own:
// the input gate, a database out of reach, the session check and, on a POST, the same-origin
// check and the JSON body parser. Here, not in the admin feature, because the removals feature
// serves routes in that scope too.
import type { ErrorCode } from '../../core/error-codes';

const ANY_CALL: ErrorCode[] = ['forbidden_characters', 'unavailable'];
const ANY_POST: ErrorCode[] = [...ANY_CALL, 'csrf', 'bad_request', 'body_too_large', 'unsupported_media_type'];

/** A POST reachable without a session (login, register). */
export const ADMIN_PUBLIC_POST_ERRORS: readonly ErrorCode[] = ANY_POST;
/** A GET behind the session check. */
export const ADMIN_GET_ERRORS: readonly ErrorCode[] = ['unauthorized', ...ANY_CALL];
/** A POST behind the session check. */
export const ADMIN_POST_ERRORS: readonly ErrorCode[] = ['unauthorized', ...ANY_POST];
