import { describe, expect, it } from 'vitest';
import {
  AI_TOOLS,
  effectiveToolName,
  isAiTool,
  isDateFilter,
  isLedgerSort,
  LEDGER_DATE_OPTIONS,
  LEDGER_SORT_OPTIONS,
  LEDGER_TAG_OPTIONS,
  ledgerToolOptions,
} from '../../../core/tools';

describe('AI tool list of the wizard', () => {
  it("has 42 options in the spec's order, from 'Adobe Firefly' to 'Other'", () => {
    expect(AI_TOOLS).toHaveLength(42);
    expect(AI_TOOLS[0]).toBe('Adobe Firefly');
    expect(AI_TOOLS[30]).toBe('Midjourney');
    expect(AI_TOOLS[40]).toBe('Wombo Dream');
    expect(AI_TOOLS[41]).toBe('Other');
    expect(new Set(AI_TOOLS).size).toBe(42);
  });

  it('recognises listed tools only', () => {
    expect(isAiTool('Leonardo.AI')).toBe(true);
    expect(isAiTool('Leonardo AI')).toBe(false);
  });

  it("files an 'Other' tool under its specification", () => {
    expect(effectiveToolName('Other', ' Krea ')).toBe('Krea');
    expect(effectiveToolName('Midjourney', 'ignored')).toBe('Midjourney');
  });
});

describe('ledger tool filter options', () => {
  it("merges tools found in the ledger with the 42-list, sorted, without duplicates or 'Other'", () => {
    const options = ledgerToolOptions(['Flux Pro', 'Midjourney', 'Flux Pro', 'Other', '  ']);
    expect(options).toHaveLength(42); // 41 listed tools without 'Other', plus 'Flux Pro'
    expect(options).toContain('Flux Pro');
    expect(options).not.toContain('Other');
    expect(options.filter((o) => o === 'Midjourney')).toHaveLength(1);
    expect(options.slice(0, 4)).toEqual(['Adobe Firefly', 'AI Painter', 'Artbreeder', 'Automatic1111']);
    const sorted = [...options].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(options).toEqual(sorted);
  });
});

describe('ledger filter lists', () => {
  it("keeps the spec's tags as the wizard's first tag suggestions", () => {
    expect(LEDGER_TAG_OPTIONS).toEqual([
      'portrait',
      'landscape',
      'abstract',
      'digital art',
      'concept art',
      'fantasy',
      'photorealistic',
    ]);
  });

  it('offers the four sorts with labels and the three date ranges', () => {
    expect(LEDGER_SORT_OPTIONS.map((o) => o.value)).toEqual(['newest', 'oldest', 'status', 'most-linked']);
    expect(LEDGER_SORT_OPTIONS.every((o) => o.label.length > 0)).toBe(true);
    expect(LEDGER_DATE_OPTIONS.map((o) => [o.value, o.days])).toEqual([
      ['week', 7],
      ['month', 30],
      ['year', 365],
    ]);
    expect(isLedgerSort('most-linked')).toBe(true);
    expect(isLedgerSort('random')).toBe(false);
    expect(isDateFilter('month')).toBe(true);
    expect(isDateFilter('toString')).toBe(false);
  });
});
