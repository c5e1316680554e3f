// The ledger version: a counter a trigger moves on every change to submissions (migration 003).
// The finer change stamps cached public answers are checked against are in ledger-stamps.ts; both
// are read in stamps-repository.ts.
// Anything derived from submissions and read again with the same version is still current.
export interface PerLedgerVersion<T> {
  (version: string): Promise<T>;
  /** The value of the newest version whose read has finished, if any. */
  latest(): T | undefined;
}

/**
 * A value read from the database at most once per ledger version, shared by every request that
 * sees that version. A failed read is not kept: the next request reads again.
 */
export function perLedgerVersion<T>(read: () => Promise<T>): PerLedgerVersion<T> {
  let entry: { version: string; value: Promise<T> } | null = null;
  let latest: { order: number; value: T } | undefined;
  let reads = 0;
  const at = (version: string) => {
    if (entry?.version !== version) {
      const order = ++reads;
      const next = { version, value: read() };
      next.value.then(
        (value) => {
          if (!latest || latest.order < order) latest = { order, value };
        },
        () => {
          if (entry === next) entry = null;
        },
      );
      entry = next;
    }
    return entry.value;
  };
  return Object.assign(at, { latest: () => latest?.value });
}
