// POST /api/submissions answers each invalid body with docs/product.md §5's exact title and message, and
// registers nothing; upload problems get their own clear messages.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, submissionBody, submit, upload } from './helpers';

let t: TestApp;
let now = new Date('2026-03-01T12:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => {
  await t.close();
});

async function submissionCount(): Promise<number> {
  const row = await t.deps.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const someUpload = crypto.randomUUID();

describe('validation messages of the submission body (docs/product.md §5)', () => {
  const cases: { name: string; body: Record<string, unknown>; field: string; title: string; message: string }[] = [
    {
      name: 'a missing title',
      body: submissionBody(someUpload, { title: undefined }),
      field: 'title',
      title: 'Title required',
      message: 'Please give your artwork a title.',
    },
    {
      name: 'a blank title',
      body: submissionBody(someUpload, { title: '   ' }),
      field: 'title',
      title: 'Title required',
      message: 'Please give your artwork a title.',
    },
    {
      name: 'a title of 201 characters',
      body: submissionBody(someUpload, { title: 'x'.repeat(201) }),
      field: 'title',
      title: 'Title too long',
      message: 'Titles can be at most 200 characters.',
    },
    {
      name: 'a missing tool',
      body: submissionBody(someUpload, { tool: '' }),
      field: 'tool',
      title: 'AI Tool required',
      message: 'Please select the AI tool you used to create this artwork.',
    },
    {
      name: "'Other' without a specification",
      body: submissionBody(someUpload, { tool: 'Other', tool_other: ' ' }),
      field: 'tool_other',
      title: 'Tool specification required',
      message: "Please specify which AI tool you used since you selected 'Other'.",
    },
    {
      name: 'a missing e-mail',
      body: submissionBody(someUpload, { author_email: '' }),
      field: 'author_email',
      title: 'Email required',
      message: 'Please provide your email address for verification.',
    },
    {
      name: 'a malformed e-mail',
      body: submissionBody(someUpload, { author_email: 'fox@example' }),
      field: 'author_email',
      title: 'Invalid email',
      message: 'Please enter a valid email address.',
    },
    {
      name: 'neither a full name nor an artist name',
      body: submissionBody(someUpload, { author_full_name: '', artist_name: ' ' }),
      field: 'author_full_name',
      title: 'Name required',
      message: 'Please provide either your full name or artist name.',
    },
    {
      name: 'six profile links',
      body: submissionBody(someUpload, { profile_links: [1, 2, 3, 4, 5, 6].map((n) => `https://example.com/p${n}`) }),
      field: 'profile_links',
      title: 'Too many profile links',
      message: 'You can add at most 5 profile links.',
    },
    {
      name: 'a missing upload',
      body: submissionBody('', {}),
      field: 'upload_id',
      title: 'Image required',
      message: 'Please upload an image first.',
    },
    {
      name: 'a prompt of 5001 characters',
      body: submissionBody(someUpload, { prompt: 'y'.repeat(5001) }),
      field: 'prompt',
      title: 'Prompt too long',
      message: 'Prompts can be at most 5000 characters.',
    },
    // Issue 34: one-line fields stay on one line (feeds, CSV rows); links carry no credentials.
    ...(
      [
        ['a title with a raw CR/LF', 'title', { title: 'Sunset\r\nBcc: someone@example.com' }],
        ['an artist name with a tab', 'artist_name', { artist_name: 'Ada\tLovelace' }],
        ['a full name with an escape character', 'author_full_name', { author_full_name: 'Ada \u001b[31mRed' }],
        ['a co-author name with a line feed', 'co_authors.0', { co_authors: ['Ben\nTwo'] }],
        ['a tool name with a line separator', 'tool_other', { tool: 'Other', tool_other: 'My\u2028Tool' }],
      ] as const
    ).map(([name, field, overrides]) => ({
      name,
      body: submissionBody(someUpload, overrides),
      field,
      title: 'Invalid characters',
      message: 'Titles, names and tool names must fit on one line: please remove line breaks, tabs and other control characters.',
    })),
    ...['https://user:secret@example.com/me', 'https://trusted.example@evil.example/'].map((link) => ({
      name: `a profile link with credentials (${link})`,
      body: submissionBody(someUpload, { profile_links: [link] }),
      field: 'profile_links.0',
      title: 'Link not accepted',
      message: 'Links cannot contain a user name or password (user:password@). Please give the public address only.',
    })),
  ];

  for (const c of cases) {
    it(`answers ${c.name} with 400 '${c.title}' / '${c.message}'`, async () => {
      const res = await submit(t.app, c.body);
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error).toMatchObject({ code: 'validation_failed', title: c.title, message: c.message });
      expect(error.fields[c.field]).toBe(c.message);
      expect(await submissionCount()).toBe(0);
    });
  }

  it('answers a body that is not JSON with 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('upload problems at submission time', () => {
  it("answers an unknown upload with 400 'Upload incomplete'", async () => {
    const res = await submit(t.app, submissionBody(crypto.randomUUID()));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'upload_incomplete',
      title: 'Upload incomplete',
      message: 'Please wait for your image to finish uploading before submitting.',
    });
  });

  it("answers an expired upload with 400 'Upload expired'", async () => {
    const up = await upload(t.app, await freshPng());
    now = new Date(now.getTime() + 25 * 60 * 60 * 1000); // UPLOAD_TTL_HOURS is 24
    const res = await submit(t.app, submissionBody(up.upload_id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'upload_expired',
      title: 'Upload expired',
      message: 'The uploaded image could not be found. Please upload it again.',
    });
    expect(await submissionCount()).toBe(0);
  });
});
