import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { InputBoundsMessages, MAX_INPUT_DEPTH, MAX_INPUT_ITEMS, nameDepth } from '../lib/input-bounds';

/**
 * Queries are parsed flat (Fastify's parser reads `a[b][c]=1` as one key named so) and the whole URL
 * is bounded by Node's 16 KB header limit, so no query costs more than its length. Still, the rule
 * is the JSON bodies' and the hub's: a parameter name nested deeper than MAX_INPUT_DEPTH, or more
 * than MAX_INPUT_ITEMS parameters, is refused with a 400 naming it before the route's work; no
 * route reads such names, and refusing says so instead of ignoring them.
 */
export function registerQueryBounds(app: FastifyInstance): void {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
  app.addHook('onRequest', async (request) => {
    const query = request.query;
    if (query === null || typeof query !== 'object') return;
    const names = Object.keys(query);
    if (names.length > MAX_INPUT_ITEMS) throw AppError.validation(InputBoundsMessages.queryTooManyItems);
    for (const name of names) {
      if (nameDepth(name) > MAX_INPUT_DEPTH) throw AppError.validation(InputBoundsMessages.queryTooDeep);
    }
  });
}
