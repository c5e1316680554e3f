// How Node runs the server in production: `npm start`, the systemd unit, the browser tests, the
// scale-out tests and the benchmarks all start `node <these flags> dist/server/main.mjs` in
// SERVER_ENV (tests/unit/runtime/node-flags.test.ts checks the two that cannot import them); the
// hostile-input tests, whose server runs in the test's process, start their workers with them.
// - --expose-gc: the server runs one full collection after its start-up loads
//   (start-up-garbage.ts);
// - --max-semi-space-size=8 (MB): V8's young generation grows to 2 × 16 MB by default and stays
//   resident; at 2 × 8 MB a started server at a million works holds 185 MB instead of 201 (issue
//   38: at most 200). Its price, two alternated runs: page 1 within the spread, the 1,000-work
//   exports 5-15 % fewer answers a second (docs/benchmarks.md);
// - --heap-growing-percent=50: after a full collection V8 lets the old generation grow to 1.5
//   times what survived before the next one, not up to 4 times: under exports rebuilt with every
//   registration the server peaked at 471 MB instead of 710, at the same rates.
export const SERVER_NODE_FLAGS = ['--expose-gc', '--max-semi-space-size=8', '--heap-growing-percent=50'] as const;

/**
 * The environment the server starts with besides its configuration: glibc's malloc gives every
 * thread that allocates an arena of its own, and the image threads (workers, libvips, libuv) left
 * each one holding freed memory: with two arenas a process, 8 clients registering at a million
 * works peaked at 283-295 MB instead of 358-486 (libvips's advice for glibc).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;
