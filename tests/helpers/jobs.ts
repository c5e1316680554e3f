// Waiting for the app's job queue (server/jobs/) in tests: until no job of a kind is queued,
// waiting for a retry or running.
import { countJobs } from '../../server/jobs/jobs-repository';
import type { TestApp } from './test-app';

export async function jobsSettled(t: Pick<TestApp, 'deps'>, name: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = (await countJobs(t.deps.db)).filter((c) => c.name === name && ['created', 'retry', 'active'].includes(c.state));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${name} jobs still pending: ${JSON.stringify(pending)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
