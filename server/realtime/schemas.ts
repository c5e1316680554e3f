// Route schema of the realtime feature: the server-sent event stream of GET /api/events.
import { workRegisteredEventSchema } from '../../core/api/ledger';
import { EVENTS_PATH, WORK_REGISTERED_EVENT } from '../../core/api-types';
import { errorResponses, textResponse } from '../http/api-schemas';
import { SSE_LIMITS } from '../../core/constants';

export const eventsSchema = {
  tags: ['App'],
  summary: `Server-sent events: '${WORK_REGISTERED_EVENT}' with { id, trust_meter } for each new public work`,
  description:
    `Open with an EventSource on ${EVENTS_PATH}. Each public registration, and each public work whose proven links raise it to ` +
    `Verified, sends an event named '${WORK_REGISTERED_EVENT}' whose data is a ` +
    `WorkRegisteredEvent (${Object.keys(workRegisteredEventSchema.shape).join(', ')}); comment lines keep the connection alive. ` +
    'A client address holding its share of open streams (SSE_MAX_PER_IP) gets 429, a server holding as many as it can 503, ' +
    `both with Retry-After (${SSE_LIMITS.retryAfterSeconds} s).`,
  response: {
    200: textResponse('An event stream that stays open.', 'text/event-stream'),
    ...errorResponses('too_many_connections', 'rate_limited', 'unavailable'),
  },
};
