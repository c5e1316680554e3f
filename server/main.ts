// Starts the service: configuration, database (migrated), storage, HTTP. Stops cleanly on SIGTERM.
import { loadConfig } from './config';
import { openRuntime } from './runtime';
import { buildApp } from './app';
import { keepStatisticsFresh } from './db/statistics';

async function main(): Promise<void> {
  const config = loadConfig();
  const deps = await openRuntime(config);
  const app = await buildApp(deps);
  const stopStatistics = keepStatisticsFresh(deps.database, (err) => app.log.warn({ err }, 'refreshing planner statistics failed'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopStatistics();
    await app.close();
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
