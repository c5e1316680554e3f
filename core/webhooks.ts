// Signed webhooks (issue 39, decision 0069): the events an integrator can subscribe to, the limits
// of an endpoint, and what a person reads about a delivery. Pure data, shared with the browser.

/** The closed list of events, in the order the admin page offers them. */
export const WEBHOOK_EVENTS = [
  'work.registered',
  'work.updated',
  'work.withdrawn',
  'work.removed',
  'work.restored',
  'consent.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_TEXTS: Record<WebhookEvent, string> = {
  'work.registered': 'A work was registered.',
  'work.updated': 'The artist changed a work (links, prompt visibility, public or private).',
  'work.withdrawn': 'The artist withdrew a work from the registry.',
  'work.removed': 'A moderator removed a work (on their own or on a removal request).',
  'work.restored': 'A moderator restored a removed work.',
  'consent.changed': 'The artist changed whether a work may be used for AI training.',
};

export const WEBHOOK_LIMITS = {
  /** Endpoints at most: each event is sent to every subscribed one. */
  maxEndpoints: 20,
  urlLength: 2000,
  descriptionLength: 200,
  /** Deliveries shown per endpoint in its log, newest first. */
  deliveriesShown: 50,
  /** Bytes of a receiver's answer read at most (and then dropped): only its status matters. */
  maxResponseBytes: 64 * 1024,
  /** A delivery must be answered within this. */
  timeoutMs: 10_000,
  /** After a secret is rotated, deliveries are also signed with the old one this long. */
  previousSecretHours: 24,
} as const;

/** States of one delivery in an endpoint's log. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'waiting', 'retrying', 'delivered', 'failed', 'skipped'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_DELIVERY_STATE_TEXTS: Record<WebhookDeliveryState, string> = {
  pending: 'Queued',
  waiting: 'Waiting for an earlier event',
  retrying: 'Failed, will be retried',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Not sent (endpoint disabled)',
};

/** The secret's form (Standard Webhooks): `whsec_` and the base64 of 24 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Why an endpoint's address was refused when it was given (the guarded fetcher's checks, decision 0060). */
export function webhookAddressRefusal(
  refusal: { kind: 'blocked_address'; address: string; range: string } | { kind: 'unreachable' },
): {
  title: string;
  description: string;
} {
  if (refusal.kind === 'unreachable') {
    return { title: 'Address not found', description: 'The address’s host name could not be found. Check the spelling.' };
  }
  return {
    title: 'Private address',
    description: `The address leads to a private or reserved network (${refusal.range}, ${refusal.address}), which the registry never sends to.`,
  };
}

/** Why a try of a delivery failed, in the log's words; `status` is the receiver's HTTP status. */
export function webhookFailureText(failure: { kind: string; status?: number; range?: string }): string {
  switch (failure.kind) {
    case 'http_error':
      return failure.status !== undefined && failure.status >= 300 && failure.status < 400
        ? `The receiver answered ${failure.status} (a redirect); deliveries do not follow redirects.`
        : `The receiver answered ${failure.status ?? 'an error'}.`;
    case 'blocked_address':
      return `The address now leads to a private or reserved network (${failure.range ?? 'reserved'}); nothing was sent.`;
    case 'too_slow':
      return `The receiver did not answer within ${WEBHOOK_LIMITS.timeoutMs / 1000} seconds.`;
    case 'unsupported_url':
      return 'The address is not an http or https address.';
    default:
      return 'The receiver could not be reached.';
  }
}
