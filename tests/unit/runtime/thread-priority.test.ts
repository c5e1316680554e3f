// The server lowers the priority of every thread but the one answering HTTP, the image threads
// among them, by one niceness under the normal policy: image work keeps a share of the CPU under
// saturating reads instead of waiting for an idle core (server/thread-priority.ts, decision 0078).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ThreadState } from '../../../server/thread-priority';

/** Linux's normal scheduling policy, as /proc shows it (SCHED_IDLE would be 5). */
const SCHED_OTHER = 0;
/** BACKGROUND_THREAD_NICE's default (server/config.ts). */
const DEFAULT_STEPS = 15;

/** Runs a fixture in a Node.js process of its own, with `env` added to this process's environment. */
function runChild<T>(fixture: string, args: string[], env: NodeJS.ProcessEnv = {}): T {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `tests/fixtures/${fixture}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, BACKGROUND_THREAD_NICE: undefined, ...env },
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as T;
}

/** The niceness the test run itself has (0, or more when the suite runs under `nice`): the fixtures inherit it. */
const base = os.getPriority(process.pid);
const isImageThread = (t: ThreadState) => t.name === 'image worker' || t.name === 'libvips worker';

// Each test starts a Node.js process of its own, which takes seconds on a loaded machine.
describe.skipIf(process.platform !== 'linux')('background thread priority', { timeout: 60_000 }, () => {
  it('sets every thread but the main one the given steps of niceness below it, and threads they start inherit it', () => {
    const lowered = Math.min(19, base + 7);
    const { main, others, count } = runChild<{ main: number; others: number[]; count: number }>('thread-priority-child.ts', ['7']);
    expect(main).toBe(base);
    // Two workers at least, with the engine's and libuv's own threads besides.
    expect(count).toBeGreaterThan(2);
    expect(others).toEqual(Array(count).fill(lowered));
  });

  it('gives the image workers and libvips threads the default niceness under the normal policy, as every other background thread', () => {
    const lowered = Math.min(19, base + DEFAULT_STEPS);
    const { main, others } = runChild<{ main: ThreadState; others: ThreadState[] }>('image-threads-child.ts', []);
    expect(main).toMatchObject({ nice: base, policy: SCHED_OTHER });
    expect(others.filter((t) => t.name === 'image worker')).toHaveLength(2);
    expect(others.filter((t) => t.name === 'libvips worker').length).toBeGreaterThan(0);
    expect(others.filter((t) => !isImageThread(t)).length).toBeGreaterThan(2);
    expect(others.map((t) => [t.name, t.policy, t.nice])).toEqual(others.map((t) => [t.name, SCHED_OTHER, lowered]));
  });

  it('leaves every thread as it started with BACKGROUND_THREAD_NICE=0', () => {
    const { main, others } = runChild<{ main: ThreadState; others: ThreadState[] }>('image-threads-child.ts', [], {
      BACKGROUND_THREAD_NICE: '0',
    });
    expect(main).toMatchObject({ nice: base, policy: SCHED_OTHER });
    expect(others.filter(isImageThread).length).toBeGreaterThan(2);
    expect(others.map((t) => [t.name, t.policy, t.nice])).toEqual(others.map((t) => [t.name, SCHED_OTHER, base]));
  });
});
