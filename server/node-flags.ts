// How Node runs the server in production: `npm start`, the systemd unit, the browser tests, the
// scale-out tests and the benchmarks all start `node <these flags> dist/server/main.mjs`
// (tests/unit/runtime/node-flags.test.ts checks the two that cannot import this list).
// - --expose-gc: the server runs one full collection after its start-up loads
//   (start-up-garbage.ts);
// - --max-semi-space-size=8 (MB): V8's young generation grows to 2 × 16 MB by default and stays
//   resident; at 2 × 8 MB a started server at a million works holds 185 MB instead of 201 (issue
//   38: at most 200), answering page 1 and the exports at the same rates within the measurements'
//   spread (docs/benchmarks.md).
export const SERVER_NODE_FLAGS = ['--expose-gc', '--max-semi-space-size=8'] as const;
