// Standard Webhooks signatures (decision 0069): the key is the secret's base64 part, the signed
// text `${webhook-id}.${webhook-timestamp}.${body}`, the signature `v1,` and the base64 of its
// HMAC-SHA256. Several signatures (after a rotation) are separated by spaces; a receiver accepts
// the delivery when any of them verifies.
import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../core/webhooks';

const KEY_BYTES = 24;

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(KEY_BYTES).toString('base64');
}

export function newMessageId(): string {
  return `msg_${crypto.randomUUID().replaceAll('-', '')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
}

export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one try; the timestamp is the try's, so a receiver can refuse old replays. */
export function signedHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, messageId, timestamp, body)).join(' '),
  };
}
