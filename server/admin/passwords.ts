// Password hashing with Argon2id (decision 0014), using the library's defaults, which follow the
// OWASP recommendation (19 MiB, 2 passes, 1 lane). Argon2id is the library's default algorithm.
import { hash, verify } from '@node-rs/argon2';
import crypto from 'node:crypto';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must not turn into a 500 or a successful login.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret, made with the same settings as every stored hash, so checking a
 * password against it costs what checking a real one does. Made once per process.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString('hex'));
  return dummyHash;
}

/**
 * Spends the same work as a real check for an e-mail that has no account, so the answer time
 * does not tell an attacker which e-mails are admins. Call dummyPasswordHash() at start-up:
 * otherwise the first call also pays for making the hash.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await dummyPasswordHash(), password);
}
