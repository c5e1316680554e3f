import { describe, expect, it } from 'vitest';
import { validateWizardStep } from '../../../core/validation';

const UPLOAD = '0b7a6c52-31f4-4c4e-9d38-5f0e2a1b9c77';

function pair(step: number, draft: Record<string, unknown>) {
  const m = validateWizardStep(step, draft);
  return m && { title: m.title, description: m.description };
}

describe('fast-submit wizard: a step advances only when its own check passes', () => {
  it("step 1 needs the image: 'Image required' / 'Please upload an image first.'", () => {
    expect(pair(1, {})).toEqual({ title: 'Image required', description: 'Please upload an image first.' });
    expect(pair(1, { upload_id: UPLOAD })).toBeNull();
  });

  it('step 2 needs a title and ignores fields of later steps', () => {
    expect(pair(2, { upload_id: UPLOAD })).toEqual({ title: 'Title required', description: 'Please give your artwork a title.' });
    expect(pair(2, { upload_id: UPLOAD, title: 'Harbour' })).toBeNull();
  });

  it('step 3 (story) is optional', () => {
    expect(pair(3, { upload_id: UPLOAD, title: 'Harbour' })).toBeNull();
  });

  it("step 4 needs a tool, and a specification for 'Other'", () => {
    expect(pair(4, {})).toEqual({
      title: 'AI Tool required',
      description: 'Please select the AI tool you used to create this artwork.',
    });
    expect(pair(4, { tool: 'Other' })).toEqual({
      title: 'Tool specification required',
      description: "Please specify which AI tool you used since you selected 'Other'.",
    });
    expect(pair(4, { tool: 'Other', tool_other: 'Krea' })).toBeNull();
  });

  it('step 6 checks e-mail first, then the names', () => {
    expect(pair(6, {})).toEqual({ title: 'Email required', description: 'Please provide your email address for verification.' });
    expect(pair(6, { author_email: 'ada@example.com' })).toEqual({
      title: 'Name required',
      description: 'Please provide either your full name or artist name.',
    });
    expect(pair(6, { author_email: 'ada@example.com', artist_name: 'Ada' })).toBeNull();
  });

  it('step 7 (review) checks the whole body', () => {
    const draft = { upload_id: UPLOAD, title: 'Harbour', tool: 'Midjourney', author_email: 'ada@example.com' };
    expect(pair(7, draft)).toEqual({ title: 'Name required', description: 'Please provide either your full name or artist name.' });
    expect(pair(7, { ...draft, artist_name: 'Ada' })).toBeNull();
  });
});
