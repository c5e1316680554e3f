// The manage link and session tokens are the shared e-mailed-link tokens (server/mail/link-tokens.ts):
// 32 random bytes, of which only the SHA-256 is stored. Their exact shape is checked before any read.
export { hashLinkToken as hashToken, newLinkToken as newToken } from '../mail/link-tokens';

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Addresses are compared lower-cased, as registration stored them however typed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
