// Vitest global setup: builds the server's bundles (tests/helpers/built-server.ts) when they are
// missing or older than their sources, once per run before any test file starts, so a test never
// runs a stale server and no two workers build at the same moment. `npm test` builds them in its
// first stage, and this then finds them fresh.
import { spawnSync } from 'node:child_process';

export default function buildServerIfStale(): void {
  const result = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the server for the tests failed (see above).');
}
