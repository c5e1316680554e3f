// Registers a work through the real public API (POST /api/uploads, then POST /api/submissions),
// for specs that need a work of a known kind without walking through the wizard.
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { SubmissionCreated, UploadResponse } from '../../core/api-types';
import { expect } from './fixtures';

/** A PNG of random noise: a new SHA-256 every call, so no work is taken for a duplicate of another. */
export async function noisePng(width = 480, height = 360): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .png()
    .toBuffer();
}

export interface WorkFields {
  title: string;
  artist_name: string;
  /** Left out: the work has no prompt ('No prompt provided') and scores low. */
  prompt?: string;
  profile_links?: string[];
  /** A name from the tool list; default 'Midjourney'. */
  tool?: string;
  /** Default 'e2e-artist@example.com'. */
  author_email?: string;
  /** Credited co-authors (no addresses: the manage page asks them). */
  co_authors?: string[];
}

export async function registerWork(request: APIRequestContext, fields: WorkFields): Promise<SubmissionCreated> {
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: 'work.png', mimeType: 'image/png', buffer: await noisePng() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { upload_id } = (await upload.json()) as UploadResponse;
  const created = await request.post('/api/submissions', {
    data: {
      upload_id,
      title: fields.title,
      ...(fields.prompt ? { prompt: fields.prompt, prompt_visibility: 'public' } : {}),
      tool: fields.tool ?? 'Midjourney',
      author_email: fields.author_email ?? 'e2e-artist@example.com',
      artist_name: fields.artist_name,
      profile_links: fields.profile_links ?? [],
      co_authors: fields.co_authors ?? [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as SubmissionCreated;
}
