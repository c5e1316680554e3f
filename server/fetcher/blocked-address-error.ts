// The one error the guarded connection raises when an address is not public. A class of its own,
// so the fetcher can tell "we refused" from "the network failed" after undici has wrapped it.

export class BlockedAddressError extends Error {
  readonly code = 'LINK_FETCH_BLOCKED_ADDRESS';

  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`Refused to connect to ${host}: ${address} is not a public address (${range})`);
    this.name = 'BlockedAddressError';
  }
}

/** The BlockedAddressError in an error's cause chain, if any. */
export function findBlockedAddressError(err: unknown): BlockedAddressError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof BlockedAddressError) return e;
  }
  return null;
}
