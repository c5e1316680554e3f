// HTTP routes of the realtime feature. Routes validate input and call the feature's service.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';

export async function realtimeRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {
  // Filled in by the realtime feature.
}
