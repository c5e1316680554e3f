// The words of a work's history on the proof page (issue 18): 'Updated on …: 2 resources added, score 64 → 71'.
import { describe, expect, it } from 'vitest';
import { describeWorkUpdate } from '../../../core/api/work-history';

describe('describeWorkUpdate', () => {
  it('says how many resources came and went and how the score moved', () => {
    expect(describeWorkUpdate({ changes: { resources_added: 2, resources_removed: 0 }, score_before: 64, score_after: 71 })).toBe(
      '2 resources added, score 64 → 71',
    );
    expect(describeWorkUpdate({ changes: { resources_added: 1, resources_removed: 1 }, score_before: 70, score_after: 70 })).toBe(
      '1 resource added, 1 resource removed, score 70',
    );
  });

  it('names co-authors who confirmed by e-mail (decision 0064)', () => {
    expect(
      describeWorkUpdate({
        changes: { resources_added: 0, resources_removed: 0, co_authors_confirmed: 1 },
        score_before: 86,
        score_after: 88,
      }),
    ).toBe('co-author confirmed, score 86 → 88');
    expect(
      describeWorkUpdate({
        changes: { resources_added: 0, resources_removed: 0, co_authors_confirmed: 2 },
        score_before: 88,
        score_after: 88,
      }),
    ).toBe('2 co-authors confirmed, score 88');
  });

  it('names a change of prompt or work visibility', () => {
    expect(
      describeWorkUpdate({
        changes: { resources_added: 0, resources_removed: 0, prompt_visibility: 'private' },
        score_before: 71,
        score_after: 69,
      }),
    ).toBe('prompt made private, score 71 → 69');
    expect(
      describeWorkUpdate({
        changes: { resources_added: 0, resources_removed: 0, visibility: 'public' },
        score_before: 5,
        score_after: 5,
      }),
    ).toBe('work made public, score 5');
  });
});
