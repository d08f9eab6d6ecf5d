import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the screen chunks of the routes matching `location` (below `basename`, the language prefix) and puts their components on the route
 * objects, so the router starts with the page's components in hand: hydration renders the
 * server's markup at once instead of a loading state (which React would report as a mismatch).
 */
export async function loadRouteModules(routes: RouteObject[], location: string, basename?: string): Promise<void> {
  const matches = matchRoutes(routes, location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
