// The server and its command-line tools as tests start them in processes of their own: the bundles
// in dist/server/ that `npm start` and `npm run verify` run (scripts/build-server.mjs), not the
// TypeScript through tsx. Compiling and loading the server's sources again in every spawned process
// cost about 3 s of CPU each, and the suites start a few hundred of them (every CLI call, every
// restart after a kill -9). The projects that start processes build the bundles first, when their
// sources changed (globalSetup: tests/helpers/server-build.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type BuiltEntry = 'main' | 'verify' | 'witness' | 'seed' | 'admin-create';

/** The absolute path of the bundle of `entry` (see ENTRIES in scripts/build-server.mjs). */
export function builtEntry(entry: BuiltEntry): string {
  return path.join(ROOT, 'dist', 'server', `${entry}.mjs`);
}
