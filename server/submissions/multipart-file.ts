// Reads the one file of a multipart upload into memory with a hard size cap (DECISIONS #7).
// The parser stops at cap + 1 bytes, so a 2 GB upload costs at most 10 MB of memory and the
// reader can still tell "exactly 10 MB" (accepted) from "more than 10 MB" (413).
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { HttpError } from '../http/errors';

const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 20, headerPairs: 100 };

export async function readUploadedFile(request: FastifyRequest, fieldName: string, maxBytes: number): Promise<Buffer> {
  const part = await request.file({ limits: { ...FORM_LIMITS, fileSize: maxBytes + 1 } });
  if (!part || part.fieldname !== fieldName) {
    part?.file.resume();
    throw new HttpError(400, 'image_required', MESSAGES.imageRequired.description, { title: MESSAGES.imageRequired.title });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) break;
    chunks.push(chunk);
  }
  if (size > maxBytes || part.file.truncated) {
    part.file.resume();
    throw new HttpError(413, 'image_too_large', MESSAGES.imageTooLarge.description, { title: MESSAGES.imageTooLarge.title });
  }
  return Buffer.concat(chunks, size);
}
