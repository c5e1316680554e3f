// A claim on a build that only one process at a time should run (migration 036): the dataset
// snapshot, hundreds of MB at a million works, built by whichever process finds it due. Held by
// a row the holder renews while it works, never by a lock in an open transaction: the embedded
// database has one connection, which a build lasting minutes must not hold. Times are the
// database's, so processes whose clocks differ agree on what is stale.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

export const BUILD_CLAIM = {
  /** The holder renews its claim this often while it builds. */
  renewSeconds: 10,
  /** A claim not renewed for this long is a process that died; another may take it. */
  staleSeconds: 45,
} as const;

export interface BuildClaim {
  /** Ends the claim (also when the build failed), so a waiting process may build at once. */
  release(): Promise<void>;
}

/** Takes the claim named `name` unless a live process holds it; null when one does. */
export async function tryClaimBuild(db: Kysely<DB>, name: string, onError: (err: unknown) => void): Promise<BuildClaim | null> {
  const holder = crypto.randomBytes(8).toString('hex');
  const { rows } = await sql<{ holder: string }>`
    INSERT INTO build_claims (name, holder, renewed_at) VALUES (${name}, ${holder}, now())
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, renewed_at = now()
    WHERE build_claims.renewed_at < now() - make_interval(secs => ${BUILD_CLAIM.staleSeconds})
    RETURNING holder`.execute(db);
  if (rows[0]?.holder !== holder) return null;
  const renewal = setInterval(() => {
    sql`UPDATE build_claims SET renewed_at = now() WHERE name = ${name} AND holder = ${holder}`.execute(db).catch(onError);
  }, BUILD_CLAIM.renewSeconds * 1000);
  renewal.unref();
  return {
    async release() {
      clearInterval(renewal);
      await sql`DELETE FROM build_claims WHERE name = ${name} AND holder = ${holder}`.execute(db);
    },
  };
}

/** Whether a live process holds the claim named `name`. */
export async function buildClaimed(db: Kysely<DB>, name: string): Promise<boolean> {
  const { rows } = await sql<{ live: boolean }>`
    SELECT renewed_at >= now() - make_interval(secs => ${BUILD_CLAIM.staleSeconds}) AS live
    FROM build_claims WHERE name = ${name}`.execute(db);
  return rows[0]?.live === true;
}
