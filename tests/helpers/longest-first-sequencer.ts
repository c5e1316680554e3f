// Integration files in an order that keeps both workers busy to the end: the known longest first,
// then the rest as Vitest orders them (by the durations of the last run when it has them, which a
// fresh clone, as in CI, does not). One long file started last would leave the other worker
// idle for its whole length.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest integration files of a whole run on the embedded database, slowest first. */
const LONGEST_FIRST = [
  // Minutes of waiting for the next period (PostgreSQL pass only; skipped at once otherwise) and
  // kill -9 rounds of a real server process: started first, the other worker runs the rest meanwhile.
  'tests/integration/jobs/periodic-processes.test.ts',
  'tests/integration/jobs/crash-mail.test.ts',
  // A minute or two waiting for the next period after a kill -9 (both databases).
  'tests/integration/jobs/runner-liveness.test.ts',
  'tests/integration/proof/crop-tolerant-recall.test.ts',
  // Three kill -9 rounds of a real server process under 100 registrations.
  'tests/integration/hostile/crash-consistency.test.ts',
  'tests/integration/admin/auth.test.ts',
  'tests/integration/tlog/log-proofs.test.ts',
  'tests/integration/tlog/verify-cli.test.ts',
  'tests/integration/submissions/seed.test.ts',
  'tests/integration/lookup/lookup-batch-scale.test.ts',
  'tests/integration/storage/shared-uploads.test.ts',
  'tests/integration/http/graceful-drain.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files outside the list keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
