// One log, one key (issue 14). Every server process on one database must sign checkpoints with
// the same key, or a proof fetched from one process would carry another process's checkpoint
// while that process publishes a different key. The first process to start records the log's
// origin and public key in the database; a process with another key refuses to start. A new
// key is a new log origin (TLOG_ORIGIN), recorded as such, never a silent change.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { openCheckpoint } from './checkpoint';
import { toHex } from './hex';
import { formatVerifierKey, isValidKeyName, type TlogSigner } from './keys';
import { newestCheckpoint } from './log-repository';
import { currentLogIdentity, lockLogIdentity, logIdentityOf, recordLogIdentity, retireCurrentOrigin } from './identity-repository';

const HOW_TO_FIX =
  'Start every server process with the same key (TLOG_SIGNING_KEY or TLOG_SIGNING_KEY_FILE), ' +
  'or start a new log origin (TLOG_ORIGIN) to change keys.';

/** Start-up refusal: this process's key or origin does not fit the log recorded in the database. */
export class LogIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogIdentityError';
  }
}

export function keyMismatchMessage(origin: string, recordedVkey: string, ownVkey: string): string {
  return `The transparency log '${origin}' is signed with the key ${recordedVkey}, but this process has the key ${ownVkey}. ${HOW_TO_FIX}`;
}

export function unverifiedCheckpointMessage(origin: string, treeSize: number, ownVkey: string): string {
  return (
    `The newest checkpoint of the transparency log '${origin}' (size ${treeSize}) is not signed with this process's key ` +
    `${ownVkey}. ${HOW_TO_FIX}`
  );
}

export function retiredOriginMessage(origin: string): string {
  return `The log origin '${origin}' was retired when a newer origin started; an origin is never reused. Set TLOG_ORIGIN to a new origin.`;
}

export function originMismatchMessage(recordedOrigin: string, origin: string): string {
  return (
    `The transparency log in this database is '${recordedOrigin}', but this process is configured for '${origin}' ` +
    `(TLOG_ORIGIN, or the host of SITE_URL when TLOG_ORIGIN is unset). Set TLOG_ORIGIN=${recordedOrigin}; ` +
    'a new log origin is only for a new key.'
  );
}

export type IdentityOutcome = 'matched' | 'recorded' | 'new-origin';

/**
 * Checks `signer` (whose name is the configured origin) against the identity recorded in the
 * database, recording it when there is none yet. Under an advisory lock, so processes starting
 * at once record one identity and the others compare against it. Throws LogIdentityError when
 * this process must not sign for the log.
 *
 * - Same origin recorded: the key must be the recorded one.
 * - Nothing recorded yet (first start, or first start after migration 010): recorded, unless
 *   stored checkpoints of this origin exist that this key did not sign.
 * - Another origin is current: with a new key this is a new origin, and the old one is retired
 *   with its checkpoints; with the log's own key it is a misconfigured origin, refused.
 */
export async function claimLogIdentity(db: Kysely<DB>, signer: TlogSigner, now: Date): Promise<IdentityOutcome> {
  const origin = signer.name;
  const own = { origin, publicKey: toHex(signer.publicKey), vkey: signer.vkey };
  return db.transaction().execute(async (trx) => {
    await lockLogIdentity(trx);
    const recorded = await logIdentityOf(trx, origin);
    if (recorded) {
      if (recorded.retired) throw new LogIdentityError(retiredOriginMessage(origin));
      if (recorded.publicKey !== own.publicKey) throw new LogIdentityError(keyMismatchMessage(origin, recorded.vkey, own.vkey));
      return 'matched';
    }

    const current = await currentLogIdentity(trx);
    const newest = await newestCheckpoint(trx);
    // Checkpoints stored before identities were recorded: adopt this key only if it signed the
    // newest one of this origin; a checkpoint of another origin means TLOG_ORIGIN changed.
    const newestIsOurs = newest !== undefined && newest.note.startsWith(`${origin}\n`);
    if (!current && newestIsOurs && !signedBy(newest.note, own.vkey, origin)) {
      throw new LogIdentityError(unverifiedCheckpointMessage(origin, newest.treeSize, own.vkey));
    }
    const newOrigin = current !== undefined || (newest !== undefined && !newestIsOurs);
    if (newOrigin) {
      // A new origin is for a new key: the log's key under another name is a misconfigured
      // origin (e.g. a mistyped SITE_URL), which must not retire the log.
      const previousOrigin = current?.origin ?? newest!.note.slice(0, newest!.note.indexOf('\n'));
      const sameKey = current
        ? current.publicKey === own.publicKey
        : isValidKeyName(previousOrigin) &&
          signedBy(newest!.note, formatVerifierKey(previousOrigin, signer.publicKey), previousOrigin);
      if (sameKey) throw new LogIdentityError(originMismatchMessage(previousOrigin, origin));
      await retireCurrentOrigin(trx, now);
    }
    await recordLogIdentity(trx, own, now);
    return newOrigin ? 'new-origin' : 'recorded';
  });
}

function signedBy(note: string, vkey: string, origin: string): boolean {
  try {
    openCheckpoint(note, vkey, origin);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws unless `signer`'s origin and key are still the current identity: a process started
 * before another one began a new origin must stop signing for the old one.
 */
export async function assertCurrentIdentity(db: Kysely<DB>, signer: TlogSigner): Promise<void> {
  const current = await currentLogIdentity(db);
  if (current?.origin === signer.name && current.publicKey === toHex(signer.publicKey)) return;
  throw new LogIdentityError(
    current && current.origin !== signer.name
      ? retiredOriginMessage(signer.name)
      : keyMismatchMessage(signer.name, current?.vkey ?? '(none)', signer.vkey),
  );
}
