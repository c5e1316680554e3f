import { describe, expect, it } from 'vitest';
import { QUIET_RATE_MEMORY_MS, QuietStepRate } from '../../../server/http/quiet-step-rate';

/** Finishes `steps` steps spread over one second from `from`, sampled every 250 ms as the pacer does. */
function second(rate: QuietStepRate, from: number, steps: number, saturated = false): number {
  for (let i = 0; i < steps; i++) rate.finished();
  for (let t = from + 250; t <= from + 1000; t += 250) rate.sample(t, saturated);
  return from + 1000;
}

describe('QuietStepRate', () => {
  it('knows no quiet rate before a window of a second has closed', () => {
    const rate = new QuietStepRate(0);
    rate.finished();
    rate.sample(750, false);
    expect(rate.stepsPerSecond(750)).toBe(0);
    rate.sample(1000, false);
    expect(rate.stepsPerSecond(1000)).toBe(1);
  });

  it('counts the steps a second of a window, however long the window ran past a second', () => {
    const rate = new QuietStepRate(0);
    for (let i = 0; i < 30; i++) rate.finished();
    rate.sample(1500, false);
    expect(rate.stepsPerSecond(1500)).toBe(20);
  });

  it('keeps the best quiet second, not the latest', () => {
    const rate = new QuietStepRate(0);
    let t = second(rate, 0, 40);
    t = second(rate, t, 12);
    expect(rate.stepsPerSecond(t)).toBe(40);
  });

  it('drops a window in which any sample found the thread saturated', () => {
    const rate = new QuietStepRate(0);
    let t = second(rate, 0, 10);
    for (let i = 0; i < 50; i++) rate.finished();
    rate.sample(t + 250, false);
    rate.sample(t + 500, true);
    rate.sample(t + 1000, false);
    t += 1000;
    expect(rate.stepsPerSecond(t)).toBe(10);
    t = second(rate, t, 14);
    expect(rate.stepsPerSecond(t)).toBe(14);
  });

  it('forgets a quiet second after ten minutes, then the best of those left counts', () => {
    const rate = new QuietStepRate(0);
    let t = second(rate, 0, 60);
    t = second(rate, t, 25);
    t = second(rate, t, 30);
    expect(rate.stepsPerSecond(t)).toBe(60);
    // The 60 ended at 1 s, the 30 at 3 s.
    expect(rate.stepsPerSecond(1000 + QUIET_RATE_MEMORY_MS)).toBe(60);
    expect(rate.stepsPerSecond(1001 + QUIET_RATE_MEMORY_MS)).toBe(30);
    expect(rate.stepsPerSecond(3001 + QUIET_RATE_MEMORY_MS)).toBe(0);
  });
});
