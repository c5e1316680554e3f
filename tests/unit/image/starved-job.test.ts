// A timed-out image job is the server's fault (503) when the image threads hardly had the CPU
// (server/image/starved-job.ts).
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { watchOtherThreadsCpu } from '../../../server/image/starved-job';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.platform !== 'linux')('watching the CPU of the other threads', () => {
  it('says starved when no other thread ran for over a second', async () => {
    const watch = watchOtherThreadsCpu();
    await sleep(1_100);
    expect(watch.starved()).toBe(true);
  });

  it('does not say starved while another thread of the process keeps a core busy', async () => {
    const spinner = new Worker('const end = Date.now() + 1500; while (Date.now() < end);', { eval: true });
    await new Promise((resolve) => spinner.once('online', resolve));
    const watch = watchOtherThreadsCpu();
    await sleep(1_100);
    expect(watch.starved()).toBe(false);
    await spinner.terminate();
  });

  it('does not judge a wait shorter than a second', () => {
    expect(watchOtherThreadsCpu().starved()).toBe(false);
  });
});
