// Conditional GET for the public API: a strong ETag from the body's bytes, and 304 when the
// client already holds them (RFC 9110 §8.8.3, §13.1.2).
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_API } from '../../core/constants';
import { sendCompressed, type CompressedForms } from '../http/compressed-forms';
import type { CachedResponse } from '../ledger-cache';

export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_API.cacheSeconds}`;

export function strongEtag(body: string | Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url')}"`;
}

/** A built text answer to keep: its UTF-8 bytes (encoded once) and their ETag. */
export function keptAnswer(text: string, contentType: string): CachedResponse {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: strongEtag(body), contentType };
}

/** If-None-Match uses weak comparison: W/"x" matches "x"; '*' matches any current body. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends `body` with caching headers, or an empty 304 when the client's copy is current. A kept
 * answer comes with its compressed forms (compressed-forms.ts), made once for every request.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | CompressedForms,
  contentType: string,
  etag: string = strongEtag(typeof body === 'string' ? body : body.utf8),
): FastifyReply | Promise<FastifyReply> {
  reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).header('ETag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.type(contentType);
  return typeof body === 'string' ? reply.send(body) : sendCompressed(request, reply, body);
}

/**
 * The response's generated_at: the start of the current cache period. Bodies then stay
 * byte-identical while the data does not change, so the ETag revalidates (304) instead of
 * changing every millisecond; a cached copy is never older than this period anyway, and an
 * incremental client using it as date_from re-reads a little rather than missing anything.
 */
export function cachePeriodStart(now: Date): Date {
  const period = PUBLIC_API.cacheSeconds * 1000;
  return new Date(Math.floor(now.getTime() / period) * period);
}
