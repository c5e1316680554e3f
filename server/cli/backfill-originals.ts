// npm run backfill:originals
// Gives works registered before this version what the registry now keeps at registration, read
// from their originals: the crop-tolerant views (migration 017) and the C2PA manifest store the
// original carried (migration 015). Uses the database and store the server uses (DATA_DIR or
// DATABASE_URL, S3_*). With the embedded database, stop the server first (it holds the data
// folder); with PostgreSQL it can run beside live servers. Stop it any time and run it again.
import { ConfigError, loadConfig } from '../config';
import { closeImagePool } from '../image';
import { openRuntime } from '../runtime';
import { backfillFromOriginals } from '../works/originals-backfill';

async function main(): Promise<number> {
  try {
    const deps = await openRuntime(loadConfig());
    try {
      const started = Date.now();
      const result = await backfillFromOriginals(deps, {
        onBatch: ({ done, skipped }) => console.log(`  ${done} works done, ${skipped} skipped`),
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `Done in ${seconds} s: ${result.done} works given their crop-tolerant views, ` +
          `${result.manifestStores} of them with the C2PA manifest store their original carried; ` +
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
