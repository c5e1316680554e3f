// Route schemas of the public side of the removals feature: filing a removal request.
import { removalRequestCreatedSchema } from '../../core/api/submissions';
import { removalRequestSchema } from '../../core/schemas';
import { errorResponses, jsonResponse } from '../http/api-schemas';

export const removalRequestRouteSchema = {
  tags: ['Removal'],
  summary: 'Ask for a work to be removed',
  description:
    'Filed for an admin to decide. submission_url may be a proof-page address, a UUID or a registry id; the work it ' +
    'names is linked when it exists. The answer is never cached. Rate limited per address and day.',
  body: removalRequestSchema,
  response: {
    201: jsonResponse(removalRequestCreatedSchema, 'The request, filed.'),
    ...errorResponses(
      'validation_failed',
      'bad_request',
      'forbidden_characters',
      'invalid_value',
      'body_too_large',
      'unsupported_media_type',
      'rate_limited',
      'unavailable',
    ),
  },
};
