import { describe, expect, it } from 'vitest';
import { waitText } from '../../../core/wait-text';

describe('waitText', () => {
  it('rounds every wait up to the unit a person reads at a glance', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(40_000)).toBe('40 seconds');
    expect(waitText(59_001)).toBe('1 minute');
    expect(waitText(5 * 60_000)).toBe('5 minutes');
    expect(waitText(59 * 60_000 + 1)).toBe('1 hour');
    expect(waitText(3 * 3_600_000 - 5_000)).toBe('3 hours');
  });

  it("says '1 day' for a day's window whether it began now or a few seconds ago", () => {
    expect(waitText(86_400_000)).toBe('1 day');
    expect(waitText(86_400_000 - 3_000)).toBe('1 day');
    expect(waitText(23 * 3_600_000 + 1)).toBe('1 day');
    expect(waitText(23 * 3_600_000)).toBe('23 hours');
  });
});
