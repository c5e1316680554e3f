// Route schema of GET /metrics (the operator's metrics, decision 0067).
import { errorResponses, textResponse } from '../http/api-schemas';

/** Prometheus's text exposition format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export const metricsSchema = {
  tags: ['Operations'],
  summary: "This process's metrics, in Prometheus's text format (bearer token)",
  description:
    "For the operator's Prometheus: send `Authorization: Bearer <METRICS_TOKEN>`. Each server process answers with its own " +
    'metrics, so scrape every process at its own address, not through the load balancer. Off (404) while METRICS_TOKEN is unset.',
  response: {
    200: textResponse('The metrics (text exposition format 0.0.4).', METRICS_CONTENT_TYPE),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
};
