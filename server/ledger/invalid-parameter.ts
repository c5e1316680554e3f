import type { FastifyReply } from 'fastify';
import { errorBody } from '../http/errors';

/** 400 for a bad query parameter; `message` names it, e.g. "Invalid parameter 'limit': …". */
export function sendInvalidParameter(reply: FastifyReply, message: string): FastifyReply {
  return reply.status(400).send(errorBody('invalid_parameter', message));
}
