// Starts the service: configuration, database (migrated), storage, HTTP. Drains and stops cleanly
// on SIGTERM / SIGINT.
import { loadConfig } from './config';
import { openRuntime } from './runtime';
import { buildApp } from './app';
import { keepStatisticsFresh } from './db/statistics';
import { startDraining } from './site/readiness';
import { ledgerSnapshotsFor, warmLedgerSnapshot } from './ledger/snapshot/ledger-snapshots';
import { keepThreadPriorities } from './thread-priority';

async function main(): Promise<void> {
  const config = loadConfig();
  const stopLoweringThreads = keepThreadPriorities(config);
  const deps = await openRuntime(config);
  const app = await buildApp(deps);
  const stopStatistics = keepStatisticsFresh(deps.database, (err) => app.log.warn({ err }, 'refreshing planner statistics failed'));
  // The published dataset snapshot is built in the background at start-up, not on the first request;
  // afterwards the queue's `dataset-snapshot` job keeps it fresh (decision 0065).
  warmLedgerSnapshot(ledgerSnapshotsFor(deps, app.log), app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Graceful drain: /api/ready answers 503 at once, the port refuses new connections, requests
    // under way finish. After SHUTDOWN_GRACE_MS the remaining connections are cut; a last timer
    // ends the process should closing itself hang.
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining requests under way');
    startDraining(deps);
    const cut = setTimeout(() => {
      app.log.warn(`requests still under way after ${config.shutdownGraceMs} ms (SHUTDOWN_GRACE_MS): closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    cut.unref();
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000);
    force.unref();
    stopStatistics();
    stopLoweringThreads();
    await app.close();
    clearTimeout(cut);
    await deps.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${deps.database.kind === 'pglite' ? 'embedded database in ' + config.dataDir : 'PostgreSQL'}; open ${config.siteUrl}`);
}

main().catch((err: Error) => {
  // Start-up failures (bad configuration, failed migration, data folder in use) end with a
  // clear message and a non-zero exit code.
  console.error(`Could not start: ${err.message}`);
  process.exit(1);
});
