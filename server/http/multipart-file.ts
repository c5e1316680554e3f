// Reads the one file of a multipart upload into memory with a hard size cap (decision 0007).
// The parser stops at cap + 1 bytes, so a 2 GB upload costs at most 10 MB of memory and the
// reader can still tell "exactly 10 MB" (accepted) from "more than 10 MB" (413).
// A body the multipart parser cannot read (no boundary, garbage, cut short) is the client's
// mistake: 400 with a plain sentence, never a 500.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, appError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';

const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 20, headerPairs: 100 };

const malformedMultipart = (cause: unknown) =>
  Object.assign(
    appError('malformed_multipart', MESSAGES.malformedMultipart.description, { title: MESSAGES.malformedMultipart.title }),
    { cause },
  );

/** Our own refusals and Fastify's known client errors pass through; anything else the parser threw is a malformed body. */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return err;
  return malformedMultipart(err);
}

async function readFirstPart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile | undefined> {
  try {
    return await request.file({ limits: { ...FORM_LIMITS, fileSize: maxBytes + 1 } });
  } catch (err) {
    throw asClientError(err);
  }
}

export async function readUploadedFile(request: FastifyRequest, fieldName: string, maxBytes: number): Promise<Buffer> {
  const part = await readFirstPart(request, maxBytes);
  if (!part || part.fieldname !== fieldName) {
    part?.file.resume();
    throw appError('image_required', MESSAGES.imageRequired.description, { title: MESSAGES.imageRequired.title });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) break;
      chunks.push(chunk);
    }
  } catch (err) {
    throw asClientError(err);
  }
  if (size > maxBytes || part.file.truncated) {
    part.file.resume();
    throw appError('image_too_large', MESSAGES.imageTooLarge.description, { title: MESSAGES.imageTooLarge.title });
  }
  return Buffer.concat(chunks, size);
}
