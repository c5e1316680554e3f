// Secrets carried by e-mailed links (confirm, unsubscribe): 32 random bytes, URL-safe. Only the
// SHA-256 is stored, so a leaked database hands out no working link.
import crypto from 'node:crypto';

export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** A token as newLinkToken makes them; anything else is refused before a database read. */
export function isLinkTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}
