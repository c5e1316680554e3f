// The log's signer, loaded once per running app: the key is read (or the data folder's key file
// created on first start) a single time and checked against the log's identity recorded in the
// database (log-identity.ts), so every checkpoint of this app is signed with the log's one key.
import type { AppDeps } from '../deps';
import { loadLogKey, type TlogSigner } from './keys';
import { claimLogIdentity, type IdentityOutcome } from './log-identity';

const signers = new WeakMap<AppDeps, Promise<TlogSigner>>();
const outcomes = new WeakMap<AppDeps, IdentityOutcome>();

export function getLogSigner(deps: AppDeps): Promise<TlogSigner> {
  let signer = signers.get(deps);
  if (!signer) {
    signer = loadAndClaim(deps);
    // A failed load (e.g. an unreadable key file) is retried on the next call, not cached.
    signer.catch(() => signers.delete(deps));
    signers.set(deps, signer);
  }
  return signer;
}

async function loadAndClaim(deps: AppDeps): Promise<TlogSigner> {
  const { dataDir, tlogOrigin, tlogSigningKey, tlogSigningKeyFile } = deps.config;
  const signer = await loadLogKey(dataDir, tlogOrigin, { pem: tlogSigningKey, file: tlogSigningKeyFile });
  outcomes.set(deps, await claimLogIdentity(deps.db, signer, deps.now()));
  return signer;
}

/** How this app's key met the recorded log identity, once getLogSigner has resolved. */
export function logIdentityOutcome(deps: AppDeps): IdentityOutcome | undefined {
  return outcomes.get(deps);
}
