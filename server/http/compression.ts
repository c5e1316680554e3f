// Response compression (brotli, else gzip) for text answers: pages, JSON, CSV, XML, SVG, JS and
// CSS, as the request's Accept-Encoding allows. Registered before any route: the plugin attaches
// its hook to each route as it is added. Not compressed: images and other binary types (mime-db
// marks them incompressible), bodies under 1 KB, the event stream (hijacked, and excluded by
// type), and built web assets, which are sent already compressed (pages.ts, preCompressed).
// ETags stay those of the uncompressed bytes; the plugin adds Vary: Accept-Encoding.
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Types compressed besides those mime-db calls compressible; never the event stream. */
const TEXT_TYPES = /^text\/(?!event-stream)|[+/](?:json|xml|javascript|csv)(?:;|$)/u;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    customTypes: TEXT_TYPES,
    // Request bodies are never inflated: an upload's size limits hold for the bytes as sent.
    globalDecompression: false,
  });
}
