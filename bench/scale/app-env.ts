// The environment of the app the scale benches start on a bench database and image folder.
import { LINK_CHECKS_OFFLINE, ONE_ADDRESS_LOAD } from '../one-address-load';
import { BENCH_METRICS_TOKEN } from '../queue-drain';

export function appEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  // One log origin for every start: by default it follows the port, which changes each time.
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // All the load comes from this one address: its limits and shares are lifted (one-address-load.ts).
    ...ONE_ADDRESS_LOAD,
    ...LINK_CHECKS_OFFLINE,
    LOG_LEVEL: 'warn',
    TLOG_ORIGIN: 'bench.localhost/log',
    // The bench reads the queue's depth there, to measure nothing beside the work registrations left (queue-drain.ts).
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  };
}
