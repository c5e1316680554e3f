// One input gate for every route: strings in the path, the query and the body are checked before
// any feature reads them. A NUL byte or a lone surrogate cannot be stored by PostgreSQL as sent,
// so such a request is refused with 400 and a plain sentence, never passed on to fail as a 500.
// Page routes are left to the page server, which answers with the app (a not-found page).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { containsForbiddenCharacters } from '../../core/text-safety';
import { appError } from '../../core/app-error';

export const forbiddenCharactersError = () =>
  appError('forbidden_characters', MESSAGES.forbiddenCharacters.description, { title: MESSAGES.forbiddenCharacters.title });

function isPageRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === '/*' || route === '/';
}

export function installInputGate(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (isPageRoute(request)) return;
    if (
      containsForbiddenCharacters(request.params) ||
      containsForbiddenCharacters(request.query) ||
      containsForbiddenCharacters(request.body)
    ) {
      throw forbiddenCharactersError();
    }
  });
}
