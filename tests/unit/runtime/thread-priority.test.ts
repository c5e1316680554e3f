// The server lowers the priority of every thread but the one answering HTTP, and makes its image
// threads idle threads (server/thread-priority.ts).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ThreadState } from '../../../server/thread-priority';

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** Runs a fixture in a Node.js process of its own; `path` replaces PATH (where chrt is looked for). */
function runChild<T>(fixture: string, nice: number, path = process.env.PATH): T & { stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `tests/fixtures/${fixture}`, String(nice)], {
    encoding: 'utf8',
    env: { ...process.env, PATH: path },
  });
  expect(result.status, result.stderr).toBe(0);
  return { ...(JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as T), stderr: result.stderr };
}

const hasChrt = spawnSync('chrt', ['--version']).status === 0;
/** The niceness the test run itself has (0, or more when the suite runs under `nice`): the fixtures inherit it. */
const base = os.getPriority(process.pid);
const lowered = Math.min(19, base + 7);

describe.skipIf(process.platform !== 'linux')('background thread priority', () => {
  it('sets every thread but the main one the given steps of niceness below it, and threads they start inherit it', () => {
    const { main, others, count } = runChild<{ main: number; others: number[]; count: number }>('thread-priority-child.ts', 7);
    expect(main).toBe(base);
    // Two workers at least, with the engine's and libuv's own threads besides.
    expect(count).toBeGreaterThan(2);
    expect(others).toEqual(Array(count).fill(lowered));
  });

  it.skipIf(!hasChrt)('makes the image workers and libvips threads idle threads, and leaves the others at the niceness given', () => {
    const { main, others } = runChild<{ main: ThreadState; others: ThreadState[] }>('image-threads-idle-child.ts', 7);
    expect(main).toMatchObject({ nice: base, policy: SCHED_OTHER });
    const imageWorkers = others.filter((t) => t.name === 'image worker');
    const libvips = others.filter((t) => t.name === 'libvips worker');
    const rest = others.filter((t) => t.name !== 'image worker' && t.name !== 'libvips worker');
    expect(imageWorkers.map((t) => t.policy)).toEqual([SCHED_IDLE, SCHED_IDLE]);
    expect(libvips.length).toBeGreaterThan(0);
    expect(new Set(libvips.map((t) => t.policy))).toEqual(new Set([SCHED_IDLE]));
    expect(rest.length).toBeGreaterThan(2);
    expect(rest.map((t) => [t.policy, t.nice])).toEqual(rest.map(() => [SCHED_OTHER, lowered]));
  });

  it('keeps the image threads at the niceness given, with one warning, where chrt cannot be found', () => {
    const { others, stderr } = runChild<{ others: ThreadState[] }>('image-threads-idle-child.ts', 7, '/nonexistent');
    const imageThreads = others.filter((t) => t.name === 'image worker' || t.name === 'libvips worker');
    expect(imageThreads.length).toBeGreaterThan(2);
    expect(imageThreads.map((t) => [t.policy, t.nice])).toEqual(imageThreads.map(() => [SCHED_OTHER, lowered]));
    expect(
      stderr.match(/Image threads keep BACKGROUND_THREAD_NICE instead of idling: chrt \(util-linux\) was not found\./g),
    ).toHaveLength(1);
  });
});
