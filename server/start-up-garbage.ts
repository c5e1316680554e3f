// A full garbage collection once the start-up loads (the log's subtree hashes, the perceptual
// hashes) are in memory. At a million works those loads leave about 55 MB of garbage in V8's old
// generation, and a process that then waits for requests may not run a full collection for
// minutes: measured, 247-252 MB resident once started, 201 MB after this (issue 38: at most 200;
// the young generation's size, node-flags.ts, does the rest). V8 offers the collection only to a
// process started with --expose-gc, as SERVER_NODE_FLAGS start the server; without it (tests,
// `tsx`) this does nothing and V8 collects when it sees fit.
export function collectStartUpGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return false;
  // Twice: the first collection's finalisers and weak references leave more to the second
  // (one: 212 MB resident; two: 201 MB). About 50 ms at a million works.
  gc();
  gc();
  return true;
}
