// The server lowers the priority of every thread but the one answering HTTP (server/thread-priority.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe.skipIf(process.platform !== 'linux')('background thread priority', () => {
  it('sets every thread but the main one to the given niceness, and threads they start inherit it', () => {
    const result = spawnSync('npx', ['tsx', 'tests/fixtures/thread-priority-child.ts', '7'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const { main, others, count } = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
      main: number;
      others: number[];
      count: number;
    };
    expect(main).toBe(0);
    // Two workers at least, with the engine's and libuv's own threads besides.
    expect(count).toBeGreaterThan(2);
    expect(others).toEqual(Array(count).fill(7));
  });
});
