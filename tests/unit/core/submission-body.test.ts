import { describe, expect, it } from 'vitest';
import { submissionBodySchema, type SubmissionBodyInput } from '../../../core/schemas';
import { normaliseSubmissionBody, resolveAuthorNames } from '../../../core/submission';
import { fieldErrors, firstIssueMessage, validationErrorBody } from '../../../core/validation';

const UPLOAD = '0b7a6c52-31f4-4c4e-9d38-5f0e2a1b9c77';
const valid: SubmissionBodyInput = {
  upload_id: UPLOAD,
  title: 'Harbour at Night',
  prompt: 'A quiet harbour under a full moon',
  tool: 'Midjourney',
  author_email: 'ada@example.com',
  artist_name: 'Ada L',
};

function firstError(body: unknown) {
  const result = submissionBodySchema.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  const { title, description, field } = firstIssueMessage(result.error);
  return { title, description, field };
}

describe('submission body: accepted input', () => {
  it('accepts a minimal body and fills in the defaults', () => {
    const body = submissionBodySchema.parse(valid);
    expect(body.prompt_visibility).toBe('public');
    expect(body.profile_links).toEqual([]);
    expect(body.co_authors).toEqual([]);
    expect(body.permissions).toEqual({
      allow_ai_training: false,
      restrict_usage: false,
      remix_allowed: false,
      no_commercial: false,
      sensitive_content: false,
      must_give_credit: true,
    });
  });

  it('strips trust_meter, image_hash, is_public and verification_method sent by the client', () => {
    const body = submissionBodySchema.parse({
      ...valid,
      trust_meter: 100,
      image_hash: 'f'.repeat(64),
      is_public: false,
      verification_method: 'manual',
    });
    expect(body).not.toHaveProperty('trust_meter');
    expect(body).not.toHaveProperty('image_hash');
    expect(body).not.toHaveProperty('is_public');
    expect(body).not.toHaveProperty('verification_method');
  });

  it('keeps partial permission choices and fills in the rest', () => {
    const body = submissionBodySchema.parse({ ...valid, permissions: { no_commercial: true, extra: true } });
    expect(body.permissions.no_commercial).toBe(true);
    expect(body.permissions.must_give_credit).toBe(true);
    expect(body.permissions).not.toHaveProperty('extra');
  });
});

describe('submission body: validation messages', () => {
  it("refuses a missing upload with 'Image required' / 'Please upload an image first.'", () => {
    expect(firstError({ ...valid, upload_id: undefined })).toEqual({
      title: 'Image required',
      description: 'Please upload an image first.',
      field: 'upload_id',
    });
  });

  it('refuses an upload id that is not a UUID', () => {
    expect(firstError({ ...valid, upload_id: 'abc' })).toEqual({
      title: 'Image required',
      description: 'The image upload was not recognised. Please upload the image again.',
      field: 'upload_id',
    });
  });

  it("refuses a blank title with 'Title required' / 'Please give your artwork a title.'", () => {
    expect(firstError({ ...valid, title: '   ' })).toEqual({
      title: 'Title required',
      description: 'Please give your artwork a title.',
      field: 'title',
    });
  });

  it('refuses a title over 200, a prompt over 5000 and a story over 2000 characters', () => {
    expect(firstError({ ...valid, title: 'x'.repeat(201) })).toEqual({
      title: 'Title too long',
      description: 'Titles can be at most 200 characters.',
      field: 'title',
    });
    expect(firstError({ ...valid, prompt: 'x'.repeat(5001) })).toEqual({
      title: 'Prompt too long',
      description: 'Prompts can be at most 5000 characters.',
      field: 'prompt',
    });
    expect(firstError({ ...valid, story_context: 'x'.repeat(2001) })).toEqual({
      title: 'Story too long',
      description: 'The story can be at most 2000 characters.',
      field: 'story_context',
    });
    expect(submissionBodySchema.safeParse({ ...valid, prompt: 'x'.repeat(5000), story_context: 'y'.repeat(2000) }).success).toBe(true);
  });

  it("refuses a prompt visibility other than 'public' or 'private'", () => {
    expect(firstError({ ...valid, prompt_visibility: 'secret' })).toEqual({
      title: 'Invalid prompt visibility',
      description: "Prompt visibility must be 'public' or 'private'.",
      field: 'prompt_visibility',
    });
  });

  it("refuses a missing tool with 'AI Tool required'", () => {
    expect(firstError({ ...valid, tool: undefined })).toEqual({
      title: 'AI Tool required',
      description: 'Please select the AI tool you used to create this artwork.',
      field: 'tool',
    });
    expect(firstError({ ...valid, tool: '' }).description).toBe('Please select the AI tool you used to create this artwork.');
  });

  it('refuses a tool that is not on the list', () => {
    expect(firstError({ ...valid, tool: 'Paintbrush 3000' })).toEqual({
      title: 'AI Tool required',
      description: "Please choose an AI tool from the list, or 'Other'.",
      field: 'tool',
    });
  });

  it("requires a specification when the tool is 'Other'", () => {
    expect(firstError({ ...valid, tool: 'Other', tool_other: '  ' })).toEqual({
      title: 'Tool specification required',
      description: "Please specify which AI tool you used since you selected 'Other'.",
      field: 'tool_other',
    });
    expect(submissionBodySchema.safeParse({ ...valid, tool: 'Other', tool_other: 'Krea' }).success).toBe(true);
  });

  it("reports the 'Other' tool before a later step's e-mail problem", () => {
    expect(firstError({ ...valid, tool: 'Other', author_email: 'bad' }).title).toBe('Tool specification required');
  });

  it("refuses a blank e-mail with 'Email required' / 'Please provide your email address for verification.'", () => {
    expect(firstError({ ...valid, author_email: '' })).toEqual({
      title: 'Email required',
      description: 'Please provide your email address for verification.',
      field: 'author_email',
    });
  });

  it("refuses a malformed e-mail with 'Invalid email' / 'Please enter a valid email address.'", () => {
    expect(firstError({ ...valid, author_email: 'ada@example' })).toEqual({
      title: 'Invalid email',
      description: 'Please enter a valid email address.',
      field: 'author_email',
    });
  });

  it('refuses an e-mail, full name or artist name over 100 characters', () => {
    expect(firstError({ ...valid, author_email: `${'a'.repeat(95)}@example.com` })).toEqual({
      title: 'Email too long',
      description: 'Email addresses can be at most 100 characters.',
      field: 'author_email',
    });
    expect(firstError({ ...valid, author_full_name: 'n'.repeat(101) })).toEqual({
      title: 'Name too long',
      description: 'Your full name can be at most 100 characters.',
      field: 'author_full_name',
    });
    expect(firstError({ ...valid, artist_name: 'n'.repeat(101) })).toEqual({
      title: 'Name too long',
      description: 'Your artist name can be at most 100 characters.',
      field: 'artist_name',
    });
  });

  it("refuses a body without any name: 'Name required' / 'Please provide either your full name or artist name.'", () => {
    expect(firstError({ ...valid, artist_name: ' ', author_full_name: null })).toEqual({
      title: 'Name required',
      description: 'Please provide either your full name or artist name.',
      field: 'author_full_name',
    });
  });

  it('accepts a full name alone or an artist name alone', () => {
    expect(submissionBodySchema.safeParse({ ...valid, artist_name: undefined, author_full_name: 'Ada Lovelace' }).success).toBe(true);
    expect(submissionBodySchema.safeParse({ ...valid, author_full_name: '' }).success).toBe(true);
  });

  it('refuses more than 10 co-authors or a co-author name over 100 characters', () => {
    expect(firstError({ ...valid, co_authors: Array.from({ length: 11 }, (_, i) => `Co ${i}`) })).toEqual({
      title: 'Too many co-authors',
      description: 'You can credit at most 10 co-authors.',
      field: 'co_authors',
    });
    expect(firstError({ ...valid, co_authors: ['c'.repeat(101)] })).toEqual({
      title: 'Co-author name too long',
      description: 'Co-author names can be at most 100 characters.',
      field: 'co_authors.0',
    });
  });

  it('refuses a permission flag that is not true or false', () => {
    expect(firstError({ ...valid, permissions: { no_commercial: 'yes' } })).toEqual({
      title: 'Invalid permissions',
      description: 'Permission choices must be on or off.',
      field: 'permissions.no_commercial',
    });
  });
});

describe('submission body: profile links', () => {
  it('accepts blank entries (they are dropped) beside up to 5 links', () => {
    const links = [
      'https://a.example.com',
      '',
      'https://b.example.com',
      '  ',
      'http://c.example.com',
      'https://d.example.com',
      'https://e.example.com',
    ];
    expect(submissionBodySchema.safeParse({ ...valid, profile_links: links }).success).toBe(true);
  });

  it("refuses more than 5 links with 'Too many profile links' / 'You can add at most 5 profile links.'", () => {
    const links = Array.from({ length: 6 }, (_, i) => `https://site${i}.example.com`);
    expect(firstError({ ...valid, profile_links: links })).toEqual({
      title: 'Too many profile links',
      description: 'You can add at most 5 profile links.',
      field: 'profile_links',
    });
  });

  it('refuses a link that is not an http(s) web address, naming the entry', () => {
    for (const link of ['example.com/ada', 'ftp://example.com', 'javascript:alert(1)']) {
      expect(firstError({ ...valid, profile_links: ['https://ok.example.com', link] })).toEqual({
        title: 'Invalid profile link',
        description: 'Profile links must be full web addresses starting with https:// or http://.',
        field: 'profile_links.1',
      });
    }
  });

  it('refuses a link over 2000 characters', () => {
    expect(firstError({ ...valid, profile_links: [`https://example.com/${'p'.repeat(2000)}`] })).toEqual({
      title: 'Profile link too long',
      description: 'Profile links can be at most 2000 characters.',
      field: 'profile_links.0',
    });
  });
});

describe('submission body: normalised values for storage', () => {
  it("stores an empty prompt as 'No prompt provided' and an empty story as null", () => {
    const n = normaliseSubmissionBody(submissionBodySchema.parse({ ...valid, prompt: '  ', story_context: '' }));
    expect(n.prompt).toBe('No prompt provided');
    expect(n.prompt_provided).toBe(false);
    expect(n.story_context).toBeNull();
  });

  it('fills a missing name from the other name field', () => {
    expect(resolveAuthorNames('Ada Lovelace', '')).toEqual({ author_full_name: 'Ada Lovelace', artist_name: 'Ada Lovelace' });
    expect(resolveAuthorNames(null, 'AdaL')).toEqual({ author_full_name: 'AdaL', artist_name: 'AdaL' });
    expect(resolveAuthorNames('Ada Lovelace', 'AdaL')).toEqual({ author_full_name: 'Ada Lovelace', artist_name: 'AdaL' });
  });

  it("drops blank and repeated links, files 'Other' under its specification and derives the licence", () => {
    const n = normaliseSubmissionBody(
      submissionBodySchema.parse({
        ...valid,
        tool: 'Other',
        tool_other: ' Krea ',
        profile_links: ['', ' https://a.example.com ', 'https://a.example.com', 'https://b.example.com'],
        co_authors: ['', 'Grace'],
        permissions: { no_commercial: true, remix_allowed: true },
      }),
    );
    expect(n.tool).toBe('Krea');
    expect(n.tool_other).toBe('Krea');
    expect(n.profile_links).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(n.co_authors).toEqual(['Grace']);
    expect(n.artwork_license).toBe('CC BY-NC-SA 4.0');
  });
});

describe('server error body', () => {
  it("answers { error: { code: 'validation_failed', message, title, fields } }", () => {
    const result = submissionBodySchema.safeParse({ ...valid, title: '', author_email: 'x' });
    if (result.success) throw new Error('expected failure');
    expect(validationErrorBody(result.error)).toEqual({
      error: {
        code: 'validation_failed',
        title: 'Title required',
        message: 'Please give your artwork a title.',
        fields: {
          title: 'Please give your artwork a title.',
          author_email: 'Please enter a valid email address.',
        },
      },
    });
  });

  it('lists every failing field, including the object-level rules', () => {
    const result = submissionBodySchema.safeParse({ upload_id: UPLOAD, title: 'T', tool: 'Other', author_email: 'nope' });
    if (result.success) throw new Error('expected failure');
    expect(Object.keys(fieldErrors(result.error))).toEqual(['tool_other', 'author_email', 'author_full_name']);
  });

  it("falls back to zod's wording, with the field, for an unexpected type", () => {
    const result = submissionBodySchema.safeParse({ ...valid, prompt: 42 });
    if (result.success) throw new Error('expected failure');
    const first = firstIssueMessage(result.error);
    expect(first.title).toBe('Invalid input');
    expect(first.field).toBe('prompt');
    expect(first.description.startsWith('prompt: ')).toBe(true);
    expect(first.id).toBeNull();
  });
});
