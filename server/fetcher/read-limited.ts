// Reads a response body up to a byte budget and stops there: a 10 MB page costs one megabyte and
// one chunk, not ten megabytes, because the connection is dropped as soon as the budget is spent.
import type { Readable } from 'node:stream';

/**
 * Drops a body we will not read. undici reports a body destroyed unread as an 'error' event;
 * nobody listens for it here, and unheard it would crash the process.
 */
export function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

export type LimitedRead = { ok: true; bytes: Buffer } | { ok: false; bytesRead: number };

export async function readLimited(body: Readable, maxBytes: number): Promise<LimitedRead> {
  const chunks: Buffer[] = [];
  let bytesRead = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    bytesRead += buffer.length;
    if (bytesRead > maxBytes) {
      discard(body);
      return { ok: false, bytesRead };
    }
    chunks.push(buffer);
  }
  return { ok: true, bytes: Buffer.concat(chunks, bytesRead) };
}

/** The body as text in the charset the Content-Type names; UTF-8 when it names none we know. */
export function decodeBody(bytes: Buffer, contentType: string): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
