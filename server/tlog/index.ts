// Transparency log, pure part: leaves, Merkle tree and proofs, signed checkpoints.
// Storage (tlog_leaves, tlog_checkpoints) builds on these functions; the log's HTTP routes are
// the transparency feature's (server/transparency/).
export * from './canonical-json';
export * from './checkpoint';
export * from './hex';
export * from './keys';
export * from './leaf';
export * from './merkle';
export * from './note';
