import { afterEach, describe, expect, it } from 'vitest';
import { pacedStep, SATURATED_UTILIZATION, WritePacer, WritePacerFullError } from '../../../server/http/write-pacer';

let open: WritePacer[] = [];
afterEach(() => {
  for (const pacer of open) pacer.close();
  open = [];
});

/** A pacer whose HTTP thread is as busy as the test says, sampled when the test says. */
function pacerWith(concurrentWhenBusy: number, maxWaiting = 10) {
  const thread = { utilization: 0, now: 0 };
  const told = { waits: [] as number[], refusals: 0 };
  const observer = { waited: (seconds: number) => told.waits.push(seconds), refused: () => told.refusals++ };
  const pacer = new WritePacer({
    concurrentWhenBusy,
    maxWaiting,
    utilization: () => thread.utilization,
    now: () => thread.now,
    observer,
  });
  open.push(pacer);
  const setBusy = (busy: boolean) => {
    thread.utilization = busy ? SATURATED_UTILIZATION : SATURATED_UTILIZATION - 0.01;
    pacer.sample();
  };
  /** Moves the pacer's clock to `ms` and samples the thread there, as busy as it is. */
  const sampleAt = (ms: number) => {
    thread.now = ms;
    pacer.sample();
  };
  return { pacer, setBusy, sampleAt, told };
}

/** Starts `count` steps; `started` lists them in the order they got their turn. */
function startSteps(pacer: WritePacer, count: number) {
  const started: number[] = [];
  const ends: (() => void)[] = [];
  const entered = Array.from({ length: count }, (_, i) =>
    pacer.enter().then((end) => {
      started.push(i);
      ends[i] = end;
    }),
  );
  return { started, ends, entered };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WritePacer', () => {
  it.each([
    { when: 'while the HTTP thread has room', atOnce: 2, busy: false, steps: 8 },
    { when: 'however busy the thread is, with 0 steps at once (never paced)', atOnce: 0, busy: true, steps: 6 },
  ])('lets every step go at once $when', async ({ atOnce, busy, steps: count }) => {
    const { pacer, setBusy } = pacerWith(atOnce);
    setBusy(busy);
    const steps = startSteps(pacer, count);
    await settle();
    expect(steps.started).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(pacer.waitingCount).toBe(0);
  });

  it('works on two steps at once while the thread is saturated (no quiet second seen yet); the others wait and go in order', async () => {
    const { pacer, setBusy } = pacerWith(2);
    setBusy(true);
    const steps = startSteps(pacer, 5);
    await settle();
    expect(pacer.shareWhenBusy).toBe(0);
    expect(steps.started).toEqual([0, 1]);
    expect(pacer.waitingCount).toBe(3);
    steps.ends[1]();
    steps.ends[1](); // ending a step twice frees one turn only
    await settle();
    expect(steps.started).toEqual([0, 1, 2]);
    steps.ends[0]();
    await settle();
    expect(steps.started).toEqual([0, 1, 2, 3]);
    expect(pacer.waitingCount).toBe(1);
  });

  it('starts more steps than its turns while the thread is saturated, up to a share of the steps a second finished with room', async () => {
    const { pacer, setBusy, sampleAt } = pacerWith(2, 20);
    setBusy(false);
    // A quiet second: 40 steps start and finish.
    const quiet = startSteps(pacer, 40);
    await settle();
    for (const end of quiet.ends) end();
    for (const ms of [250, 500, 750, 1000]) sampleAt(ms);
    expect(pacer.shareWhenBusy).toBe(12);

    setBusy(true);
    sampleAt(1250);
    const busy = startSteps(pacer, 20);
    await settle();
    // The two turns and one more: a quarter second's share (3) spent at once, never a burst.
    expect(busy.started).toEqual([0, 1, 2]);
    expect(pacer.waitingCount).toBe(17);
    // Three more each quarter second, though none has ended: 12 a second.
    for (const [ms, started] of [
      [1500, 6],
      [1750, 9],
      [2000, 12],
      [2250, 15],
    ]) {
      sampleAt(ms);
      await settle();
      expect(busy.started).toHaveLength(started);
    }
    expect(busy.started).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });

  it('lets everyone waiting go once a sample finds the thread with room again, and tells how long each waited', async () => {
    const { pacer, setBusy, told } = pacerWith(1);
    setBusy(true);
    const steps = startSteps(pacer, 4);
    await settle();
    expect(steps.started).toEqual([0]);
    expect(told.waits).toEqual([0]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    setBusy(false);
    await settle();
    expect(steps.started).toEqual([0, 1, 2, 3]);
    expect(told.waits).toHaveLength(4);
    for (const seconds of told.waits.slice(1)) expect(seconds).toBeGreaterThanOrEqual(0.025);
  });

  it('never holds a newcomer ahead of those already waiting, even after a turn came free', async () => {
    const { pacer, setBusy } = pacerWith(1);
    setBusy(true);
    const first = startSteps(pacer, 2);
    await settle();
    first.ends[0]();
    const later = startSteps(pacer, 1);
    await settle();
    expect(first.started).toEqual([0, 1]);
    expect(later.started).toEqual([]);
  });

  it('refuses a step at once when as many as allowed wait already', async () => {
    const { pacer, setBusy, told } = pacerWith(1, 2);
    setBusy(true);
    startSteps(pacer, 3);
    await settle();
    expect(pacer.waitingCount).toBe(2);
    await expect(pacer.enter()).rejects.toBeInstanceOf(WritePacerFullError);
    expect(pacer.waitingCount).toBe(2);
    expect(told.refusals).toBe(1);
  });

  it('answers a registration step that finds the waiting line full with 503, in words, and runs nothing', async () => {
    const { pacer, setBusy } = pacerWith(1, 0);
    setBusy(true);
    const first = await pacer.enter();
    let ran = false;
    const refused = await pacedStep(pacer, async () => (ran = true)).catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(refused).toMatchObject({
      status: 503,
      code: 'busy',
      message: 'The server is busy with many registrations at once. Please try again in a few seconds.',
      details: { title: 'Server busy', headers: { 'Retry-After': '5' } },
    });
    first();
    expect(await pacedStep(pacer, async () => 'registered')).toBe('registered');
  });
});
