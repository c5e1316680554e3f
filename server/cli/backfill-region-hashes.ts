// npm run backfill:region-hashes
// Gives works registered before the crop-tolerant fingerprint existed (migration 017) their
// views, from their originals, in the database and store the server uses (DATA_DIR or
// DATABASE_URL, S3_*). With the embedded database, stop the server first (it holds the data
// folder); with PostgreSQL it can run beside live servers. Stop it any time and run it again.
import { ConfigError, loadConfig } from '../config';
import { closeImagePool } from '../image';
import { openRuntime } from '../runtime';
import { backfillRegionHashes } from '../works/region-hash-backfill';

async function main(): Promise<number> {
  try {
    const deps = await openRuntime(loadConfig());
    try {
      const started = Date.now();
      const result = await backfillRegionHashes(deps, {
        onBatch: ({ done, skipped }) => console.log(`  ${done} works given their views, ${skipped} skipped`),
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `Done in ${seconds} s: ${result.done} works given their crop-tolerant views; ` +
          `${result.skipped} skipped (original missing or unreadable).`,
      );
      return 0;
    } finally {
      await closeImagePool(deps.config.imageProcessing);
      await deps.database.close();
    }
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `Backfill failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
