// Route schemas of the admin side of removal requests: the list and the decision. They sit in the
// admin scope, so they meet its session and same-origin checks (server/http/admin-scope-errors.ts).
import { z } from 'zod';
import {
  adminRemovalRequestsResponseSchema,
  removalDecisionRequestBodySchema,
  removalDecisionResponseSchema,
} from '../../core/api/admin';
import { REMOVAL_REQUEST_STATUSES } from '../../core/constants';
import { ADMIN_GET_ERRORS, ADMIN_POST_ERRORS } from '../http/admin-scope-errors';
import { errorResponses, jsonResponse } from '../http/api-schemas';
import { emptyAsUndefined, pageParam, searchParam } from '../http/list-query';

export const removalListQuerySchema = z.object({
  status: emptyAsUndefined(z.enum(REMOVAL_REQUEST_STATUSES)),
  search: searchParam.describe('Case-insensitive "contains" on requestor e-mail, name, reason, submission URL.'),
  page: pageParam.describe('1-based page of 25.'),
});

export const removalListSchema = {
  tags: ['Admin'],
  summary: 'Removal requests',
  description: 'Newest first, 25 per page, with the counts per status.',
  querystring: removalListQuerySchema,
  response: {
    200: jsonResponse(adminRemovalRequestsResponseSchema, 'One page of removal requests.'),
    ...errorResponses('invalid_parameter', ...ADMIN_GET_ERRORS),
  },
};

export const removalDecisionRouteSchema = {
  tags: ['Admin'],
  summary: 'Approve or deny a removal request',
  description: 'Only a pending request can be decided. Approving also removes the linked work (a soft delete), in the same step.',
  params: z.object({ id: z.string().describe('Removal request UUID.') }),
  body: removalDecisionRequestBodySchema,
  response: {
    200: jsonResponse(removalDecisionResponseSchema, 'Decided.'),
    ...errorResponses('validation_failed', 'not_found', 'already_processed', ...ADMIN_POST_ERRORS),
  },
};
