// The log's signer, loaded once per running app: the key file is read (or created on first
// start) a single time, and every checkpoint of this app is signed with the same key.
import type { AppDeps } from '../deps';
import { loadOrCreateKey, type TlogSigner } from './keys';

const signers = new WeakMap<AppDeps, Promise<TlogSigner>>();

export function getLogSigner(deps: AppDeps): Promise<TlogSigner> {
  let signer = signers.get(deps);
  if (!signer) {
    const { dataDir, tlogOrigin, tlogSigningKey } = deps.config;
    signer = loadOrCreateKey(dataDir, tlogOrigin, tlogSigningKey);
    // A failed load (e.g. an unreadable key file) is retried on the next call, not cached.
    signer.catch(() => signers.delete(deps));
    signers.set(deps, signer);
  }
  return signer;
}
