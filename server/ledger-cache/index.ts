// The ledger cache's one entry point (README.md beside this file says what is cached, for how
// long, and how a write reaches every process). Code outside this folder imports only from here;
// eslint.config.js fails an import of a file inside it.

// Readers: the kept public answers and the values read once per ledger change.
export { CachedAnswers, type KeptAnswer, type ListScope } from './cached-answers';
export type { CachedResponse } from './response-cache';
export { refreshAheadOnChange } from './refresh-ahead';
export { perLedgerVersion, type PerLedgerVersion } from './ledger-version';
export { readLedgerVersion } from './stamps-repository';
export { currentLedgerStamps } from './process-stamps';
export type { LedgerStamps } from './ledger-stamps';

// Writers: only the works layer's ledgerTransaction (server/works/ledger-transaction.ts) calls these.
export { ledgerWritten, ownWritesShown } from './process-stamps';
