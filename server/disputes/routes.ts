// HTTP routes of the name-claim disputes feature (decision 0063): the public filing and
// confirmation. The admin side lives in admin-routes.ts, mounted in the admin scope by app.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { CLAIM_DISPUTE } from '../../core/constants';
import { claimDisputeDailyLimitMessage, MESSAGES } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import type { FeatureOptions } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import type { MailSender } from '../mail/mail-queue';
import { confirmClaimDispute, CLAIM_DISPUTE_CONFIRM_PATH, fileClaimDispute } from './dispute-service';
import { confirmDisputeSchema, fileDisputeSchema } from './schemas';

const invalidLink = () =>
  appError('invalid_token', MESSAGES.claimDisputeLinkExpired.description, {
    title: MESSAGES.claimDisputeLinkExpired.title,
    fields: { token: MESSAGES.claimDisputeLinkExpired.description },
  });

export async function disputeRoutes(
  fastify: FastifyInstance,
  { deps, mailer }: FeatureOptions & { mailer: MailSender },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const disabled = deps.config.rateLimit.disabled;

  const filing = {
    rateLimit: rateLimitConfig('claim-disputes', CLAIM_DISPUTE.perDay, 'day', disabled, { refusal: claimDisputeDailyLimitMessage }),
    validationError: validationFailedError,
  };
  app.post('/api/artists/:name/disputes', { schema: fileDisputeSchema, config: filing }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // request.ip honours TRUST_PROXY (decision 0016); it is stored for admins only.
    await fileClaimDispute(deps, mailer, request.log, request.params.name, request.body, request.ip);
    return reply.status(202).send({ message: MESSAGES.claimDisputeFiled.description });
  });

  const confirming = {
    rateLimit: rateLimitConfig('claim-dispute-confirmations', CLAIM_DISPUTE.confirmationsPerHour, 'hour', disabled),
    validationError: validationFailedError,
  };
  app.post(CLAIM_DISPUTE_CONFIRM_PATH, { schema: confirmDisputeSchema, config: confirming }, async (request) => {
    const id = await confirmClaimDispute(deps, request.body.token);
    if (!id) throw invalidLink();
    request.log.info({ dispute: id }, 'claim dispute confirmed');
    return { message: MESSAGES.claimDisputeConfirmed.description };
  });
}
