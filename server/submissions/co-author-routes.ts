// The routes a co-author's e-mailed link uses (decision 0064): the confirmation page reads what
// the link asks, and its buttons confirm or decline. Every one answers the same for an unknown,
// used or expired link.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { CO_AUTHOR_INVITES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import {
  answerCoAuthorInvitation,
  CO_AUTHOR_CONFIRM_PATH,
  CO_AUTHOR_DECLINE_PATH,
  CO_AUTHOR_INVITATION_PATH,
  readCoAuthorInvitation,
} from './co-author-confirmation';
import { coAuthorConfirmSchema, coAuthorDeclineSchema, coAuthorInvitationSchema } from './schemas';

function invalidLink() {
  const { title, description } = MESSAGES.coAuthorLinkInvalid;
  return appError('invalid_token', description, { title, fields: { token: description } });
}

export async function coAuthorRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answers = {
    rateLimit: rateLimitConfig('co-author-answers', CO_AUTHOR_INVITES.answersPerHour, 'hour', deps.config.rateLimit.disabled),
    validationError: validationFailedError,
  };
  r.post(CO_AUTHOR_INVITATION_PATH, { schema: coAuthorInvitationSchema, config: answers }, async (request) => {
    const question = await readCoAuthorInvitation(deps, request.body.token);
    if (!question) throw invalidLink();
    return question;
  });
  r.post(CO_AUTHOR_CONFIRM_PATH, { schema: coAuthorConfirmSchema, config: answers }, async (request) => {
    const answer = await answerCoAuthorInvitation(deps, request.body.token, 'confirmed');
    if (!answer) throw invalidLink();
    return answer;
  });
  r.post(CO_AUTHOR_DECLINE_PATH, { schema: coAuthorDeclineSchema, config: answers }, async (request) => {
    const answer = await answerCoAuthorInvitation(deps, request.body.token, 'declined');
    if (!answer) throw invalidLink();
    return answer;
  });
}
