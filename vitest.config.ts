import { defineConfig } from 'vitest/config';
import { SERVER_NODE_FLAGS } from './server/node-flags';
import { LongestFirstSequencer } from './tests/helpers/longest-first-sequencer';

// Two projects: fast pure unit tests, and integration tests that drive the HTTP server
// against a real database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
/** Unit test files whose results depend on timing (see the 'timed' project). */
const TIMED_UNIT_TESTS = [
  'tests/unit/image/starved-job.test.ts',
  'tests/unit/image/metadata-budget.test.ts',
  'tests/unit/image/a1111-budget.test.ts',
  'tests/unit/runtime/thread-priority.test.ts',
];

/**
 * Integration files whose result the kind of database cannot change: crop-tolerant recall measures
 * the image fingerprints over 1,000 lookups, through the one region-match statement that the other
 * region tests run on both databases. They run once per run: in the PostgreSQL pass when there is
 * one (scripts/test.mjs sets TEST_DATABASE_INDEPENDENT_ELSEWHERE for the embedded database's pass
 * then; the server's own process runs its database there, so a run takes a third of the time), else
 * on the embedded database.
 */
const DATABASE_INDEPENDENT_TESTS = ['tests/integration/proof/crop-tolerant-recall.test.ts'];
/**
 * Integration files that mostly wait on the clock: real server processes over real minutes (pg-boss
 * schedules periodic jobs by the minute), killed with SIGKILL, waiting for the next period. They mostly
 * wait, so they run in a project of their own ('minutes') beside the CPU-bound suites instead of
 * holding one of the integration suite's two workers for minutes.
 */
const MINUTE_SCALE_TESTS = [
  'tests/integration/jobs/periodic-processes.test.ts',
  'tests/integration/jobs/runner-liveness.test.ts',
  'tests/integration/jobs/crash-mail.test.ts',
  // In one process, but it waits for an SMTP conversation's time-out (25 s).
  'tests/integration/jobs/smtp-outage.test.ts',
];

/**
 * The hostile-input files that measure time (every answer within 2 s, /api/health within 100 ms
 * while images are processed, connections closed on time, a login's time not telling whether the
 * address is registered): the 'hostile' project, run alone. The other hostile files (crash
 * consistency, process hygiene, mail relay, manage-link probing, rate-limit families) count
 * statements, files and messages, not time: they run with the integration suite.
 */
const TIME_MEASURING_HOSTILE_TESTS = [
  'tests/integration/hostile/hostile-requests.test.ts',
  'tests/integration/hostile/image-bombs.test.ts',
  'tests/integration/hostile/bulk-lookups.test.ts',
  'tests/integration/hostile/slow-clients.test.ts',
  'tests/integration/hostile/login-timing.test.ts',
];

const leftToAnotherPass = process.env.TEST_DATABASE_INDEPENDENT_ELSEWHERE === '1' ? DATABASE_INDEPENDENT_TESTS : [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: TIMED_UNIT_TESTS,
          environment: 'node',
          // One process per worker for all its files, not one per file: starting a process and
          // importing the modules again cost more than most of these files take to run.
          isolate: false,
          // Unit tests first (fast feedback), then integration tests with their own worker count.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...TIME_MEASURING_HOSTILE_TESTS, ...MINUTE_SCALE_TESTS, ...leftToAnotherPass],
          environment: 'node',
          globalSetup: ['tests/helpers/database-template.ts', 'tests/helpers/server-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database, a copy of one migrated once per run (the global setup);
          // three workers on the 2-core machine, as many files wait on timers and jobs for part of
          // their time (alone: 4m14 with two workers, 3m43 with three, the same CPU). A worker runs
          // its files one after another in one process (the server's modules and PGlite's
          // WebAssembly load once): every file builds its own app and database and closes them,
          // and the server's modules keep nothing between apps but caches of constants (a dummy
          // password hash, the C2PA WebAssembly).
          maxWorkers: 3,
          isolate: false,
          sequence: { groupOrder: 1, sequencer: LongestFirstSequencer },
        },
      },
      {
        test: {
          // Server processes over real minutes (MINUTE_SCALE_TESTS): each file waits on the clock,
          // so both run at once, each in a process of its own.
          name: 'minutes',
          include: MINUTE_SCALE_TESTS,
          environment: 'node',
          globalSetup: ['tests/helpers/database-template.ts', 'tests/helpers/server-build.ts'],
          testTimeout: 400_000,
          hookTimeout: 400_000,
          maxWorkers: 2,
          sequence: { groupOrder: 4 },
        },
      },
      {
        test: {
          // Unit tests that compare times (a parser's worst case against its ordinary case, a thread
          // starved of the CPU): they run alone with the hostile suite, so no other suite's load on
          // this 2-core machine is what they measure.
          name: 'timed',
          include: TIMED_UNIT_TESTS,
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // The hostile-input suite measures time (every answer within 2 s, /api/health within
          // 100 ms while images are processed): it runs last, one file at a time, so the other
          // suites' load on this 2-core machine is not what it measures. Each file keeps a process
          // of its own (isolated), so no earlier file's garbage is collected during its measurements.
          name: 'hostile',
          include: TIME_MEASURING_HOSTILE_TESTS,
          environment: 'node',
          // The server in these files runs in the test's process: with the flags the server runs
          // with (its young generation and heap growth), so the memory an attack makes it hold is
          // measured as a server would hold it, not under V8's defaults for a 24 GB machine.
          execArgv: [...SERVER_NODE_FLAGS],
          globalSetup: ['tests/helpers/database-template.ts', 'tests/helpers/server-build.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
