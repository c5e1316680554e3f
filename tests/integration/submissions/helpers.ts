// Shared steps of the submissions tests: multipart bodies, uploading, and a valid submission body.
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { UploadResponse } from '../../../core/api-types';
import { makePng } from '../../fixtures/images';
import { listFiles } from '../../helpers/test-app';

/** Image files in both buckets (the data folder also holds the log's signing key). */
export function imageFiles(dataDir: string): string[] {
  return ['originals', 'artworks'].flatMap((bucket) => listFiles(path.join(dataDir, bucket)).map((f) => `${bucket}/${f}`));
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data request body, as a browser's FormData would send it. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(
      Buffer.from(`${head.join('\r\n')}\r\n\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function fileForm(data: Buffer, filename = 'artwork.png', contentType = 'image/png') {
  return multipart([{ name: 'file', filename, contentType, data }]);
}

export async function uploadFile(app: FastifyInstance, data: Buffer, filename = 'artwork.png', contentType = 'image/png') {
  const form = fileForm(data, filename, contentType);
  return app.inject({ method: 'POST', url: '/api/uploads', ...form });
}

/** Uploads and expects success; returns the upload response. */
export async function upload(app: FastifyInstance, data: Buffer, filename?: string): Promise<UploadResponse> {
  const res = await uploadFile(app, data, filename);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<UploadResponse>();
}

let seed = 1000;
/** A distinct generated picture each call (distinct bytes and perceptual hash). */
export async function freshPng(width = 480, height = 320): Promise<Buffer> {
  seed += 1;
  return makePng({ width, height, seed });
}

export const MODERATE_PROMPT = 'a red fox sleeping in a snowy forest, watercolor';

/** A complete, valid POST /api/submissions body for an upload. */
export function submissionBody(uploadId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    upload_id: uploadId,
    title: 'Fox in Snow',
    prompt: MODERATE_PROMPT,
    prompt_visibility: 'public',
    story_context: '',
    tool: 'Midjourney',
    tool_other: '',
    author_email: 'fox.artist@example.com',
    author_full_name: 'Ada Fox',
    artist_name: 'FoxArtist',
    profile_links: ['https://www.instagram.com/foxartist', ''],
    co_authors: [],
    permissions: {
      allow_ai_training: false,
      restrict_usage: false,
      remix_allowed: false,
      no_commercial: false,
      sensitive_content: false,
      must_give_credit: true,
    },
    ...overrides,
  };
}

export async function submit(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/submissions', payload: body });
}

/** Uploads a fresh picture and registers it; returns the 201 body. */
export async function registerWork(app: FastifyInstance, overrides: Record<string, unknown> = {}, image?: Buffer) {
  const up = await upload(app, image ?? (await freshPng()));
  const res = await submit(app, submissionBody(up.upload_id, overrides));
  if (res.statusCode !== 201) throw new Error(`submission failed: ${res.statusCode} ${res.body}`);
  return {
    upload: up,
    created: res.json<{ id: string; registry_id: string; trust_meter: number; status: string; verify_url: string }>(),
  };
}
