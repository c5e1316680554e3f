// The witness's HTTP server: POST /add-checkpoint (add-checkpoint.ts) on a plain Node server.
// Bodies are capped before parsing, and slow clients time out.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { addCheckpoint, MAX_BODY_BYTES, type WitnessContext, type WitnessReply } from './add-checkpoint';

const REQUEST_TIMEOUT_MS = 10_000;

class TooLarge extends Error {}

/**
 * The body as text, refused past MAX_BODY_BYTES. The rest of an oversized body is read and
 * dropped (bounded by the request timeout), so the client gets the 413 instead of a reset.
 */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    // Checkpoints are UTF-8; invalid bytes become U+FFFD and then fail the log signature.
    request.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

async function handle(ctx: WitnessContext, request: IncomingMessage): Promise<WitnessReply> {
  const path = new URL(request.url ?? '/', 'http://witness').pathname;
  if (path !== '/add-checkpoint') return { status: 404, contentType: 'text/plain', body: 'Not found: POST /add-checkpoint\n' };
  if (request.method !== 'POST') return { status: 405, contentType: 'text/plain', body: 'Use POST.\n' };
  try {
    return await addCheckpoint(ctx, await readBody(request));
  } catch (err) {
    if (err instanceof TooLarge) return { status: 413, contentType: 'text/plain', body: `At most ${MAX_BODY_BYTES} bytes.\n` };
    throw err;
  }
}

export function createWitnessServer(ctx: WitnessContext, onError: (err: unknown) => void): Server {
  const server = createServer((request, response) => {
    handle(ctx, request).then(
      (reply) => {
        response.writeHead(reply.status, { 'Content-Type': reply.contentType, 'Cache-Control': 'no-store' });
        response.end(reply.body);
      },
      (err: unknown) => {
        onError(err);
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end('The witness could not process this checkpoint.\n');
      },
    );
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  return server;
}
