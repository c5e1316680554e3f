// One input gate for every route: strings in the path, the query and the body are checked before
// any feature reads them. A NUL byte or a lone surrogate cannot be stored by PostgreSQL as sent,
// so such a request is refused with 400 and a plain sentence, never passed on to fail as a 500.
// Page routes are left to the page server, which answers with the app (a not-found page).
// A route that registers many things at once (a batch) names the body field of its items: the
// gate leaves those to the route, which judges each item alone (itemRefusal), so one bad item
// is that item's failure and the others still go through.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../core/messages';
import { containsForbiddenCharacters } from '../../core/text-safety';
import { appError, type AppError } from '../../core/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body field holding a list of items the route checks one by one (itemRefusal). */
    inputGateItems?: string;
  }
}

export const forbiddenCharactersError = () =>
  appError('forbidden_characters', MESSAGES.forbiddenCharacters.description, { title: MESSAGES.forbiddenCharacters.title });

function isPageRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === '/*' || route === '/';
}

/**
 * Keys that would reach an object's prototype when copied into it (`item.__proto__ = …`). The
 * JSON parser of most routes refuses them already; routes that parse item by item keep them as
 * plain data and refuse the item here.
 */
function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object' && !(current instanceof Uint8Array)) {
      for (const [key, item] of Object.entries(current)) {
        if (key === '__proto__') return true;
        if (key === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** Why one item of a batch cannot be read at all, or null when the gate lets it through. */
export function itemRefusal(item: unknown): AppError | null {
  if (containsForbiddenCharacters(item)) return forbiddenCharactersError();
  if (hasPrototypeKey(item)) {
    return appError('bad_request', MESSAGES.batchItemForbiddenKey.description, { title: MESSAGES.batchItemForbiddenKey.title });
  }
  return null;
}

/** The body without the route's per-item field, which the route checks itself. */
function bodyOutsideItems(request: FastifyRequest): unknown {
  const field = request.routeOptions.config.inputGateItems;
  const body = request.body;
  if (!field || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
}

export function installInputGate(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (isPageRoute(request)) return;
    const body = bodyOutsideItems(request);
    if (
      containsForbiddenCharacters(request.params) ||
      containsForbiddenCharacters(request.query) ||
      containsForbiddenCharacters(body)
    ) {
      throw forbiddenCharactersError();
    }
    if (hasPrototypeKey(body))
      throw appError('bad_request', MESSAGES.forbiddenKey.description, { title: MESSAGES.forbiddenKey.title });
  });
}
