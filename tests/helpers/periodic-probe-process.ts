// A process that runs the job queue with one periodic kind, 'liveness-probe' (each minute), for
// the runner-liveness test (decision 0073). Argument 'hang': every run prints 'started <pid>' and
// never ends, as a run in a process about to be killed; 'finish': every run prints 'finished
// <pid>'. Prints 'ready' once the queue has started. Runs on DATABASE_URL, or on the embedded
// database in DATA_DIR.
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { JobQueue } from '../../server/jobs/job-queue';
import { periodicJob } from '../../server/jobs/periodic';

const PROBE_KIND = 'liveness-probe';

const mode = process.argv[2];
if (mode !== 'hang' && mode !== 'finish') throw new Error('usage: periodic-probe-process.ts hang|finish');

const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR },
);
await migrate(database.pool);
const log = {
  info: () => undefined,
  warn: (_details: unknown, message?: string) => console.error(message),
  error: (details: unknown, message?: string) => console.error(message, details),
};
const queue = new JobQueue(database, log, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 5 });
queue.define(
  periodicJob(PROBE_KIND, '* * * * *', async () => {
    if (mode === 'finish') {
      console.log(`finished ${process.pid}`);
      return;
    }
    console.log(`started ${process.pid}`);
    await new Promise(() => undefined);
  }),
);
await queue.start();
console.log('ready');
