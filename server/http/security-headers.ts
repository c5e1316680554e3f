// Security headers for every response (decision 0032): a CSP with no inline scripts,
// nosniff, no framing of our pages, and a conservative referrer policy.
import type { FastifyInstance } from 'fastify';

/** `publicImageBaseUrl`: S3_PUBLIC_URL, whose origin serves registered works' images. */
export function contentSecurityPolicy(sponsorUrl: string | null, publicImageBaseUrl: string | null = null): string {
  const formAction = ["'self'", sponsorUrl ? new URL(sponsorUrl).origin : null].filter(Boolean).join(' ');
  const imgSrc = ["'self'", 'data:', 'blob:', publicImageBaseUrl ? new URL(publicImageBaseUrl).origin : null]
    .filter(Boolean)
    .join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Inline style attributes are used by the UI library for positioning; no inline scripts.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export function installSecurityHeaders(
  app: FastifyInstance,
  sponsorUrl: string | null,
  publicImageBaseUrl: string | null = null,
): void {
  const csp = contentSecurityPolicy(sponsorUrl, publicImageBaseUrl);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    return payload;
  });
}
