import { describe, expect, it } from 'vitest';
import { formatTotal } from '../../../web/src/components/ledger/format';

describe('the ledger total as shown', () => {
  it("shows an exact count as it is and an estimate as '10,000+'", () => {
    expect(formatTotal(27, true)).toBe('27');
    expect(formatTotal(10_000, true)).toBe('10000');
    expect(formatTotal(734_112, false)).toBe('10,000+');
  });
});
