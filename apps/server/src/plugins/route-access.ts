import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { SystemPaths } from '@rentdrive/contracts/paths';
import { requireEmployee, requireUser } from './session';

/**
 * Who may call a route. Every route says it in its options, `config: { access }`:
 * - public: anyone, signed in or not;
 * - user: any signed-in user, acting on their own data (their wallet, their chats, a new rental);
 * - owner: a signed-in user; the service admits only the owner of the object the request names
 *   (the vehicle's owner, the rental's renter) and answers 403 or 404 to anyone else;
 * - owner-or-employee: as owner, and company employees may act on anyone's object;
 * - employee: company employees only (the catalogue).
 * The signed-in and employee parts are enforced here, before the body is read; the object part is
 * the service's. A test walks the route table and calls every route in every role against these.
 */
export const ROUTE_ACCESS = ['public', 'user', 'owner', 'owner-or-employee', 'employee'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** One registered method + path, as the route table keeps it for tests (fuzzing, authorization). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered, in order; filled as routes are declared. */
    routeTable: RegisteredRoute[];
  }
}

/**
 * Routes registered by third-party plugins, which take no route options of ours: the CORS preflight,
 * the API documentation UI and the uploaded images. All are public by nature; naming them here keeps
 * "every route declares its access" true without exceptions elsewhere.
 */
function pluginRouteAccess(route: RouteOptions): RouteAccess | undefined {
  const url = route.url.toLowerCase();
  if (route.method === 'OPTIONS' && url === '*') return 'public';
  if (url === SystemPaths.docs || url.startsWith(`${SystemPaths.docs}/`)) return 'public';
  if (url === '/images/*') return 'public';
  return undefined;
}

/** Records every route as it is declared; call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const plugin = pluginRouteAccess(route);
    if (plugin && !route.config?.access) route.config = { ...route.config, access: plugin };
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, access: route.config?.access, schema: route.schema });
    }
  });
}

/** Refuses callers the route's declaration excludes (401, or 403 for a non-employee); after the session hook. */
export function enforceRouteAccess(app: FastifyInstance): void {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    if (access === 'employee') requireEmployee(request);
    else requireUser(request);
  });
}
