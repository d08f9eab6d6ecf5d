import { z } from 'zod';
import { endpoint } from './endpoint';
import { SeoPaths, SystemPaths } from './paths/system';

/** Liveness, readiness (503 with a problem while not ready) and the search engines' entry points. */
export const System = {
  health: endpoint('GET', SystemPaths.health, { response: { 200: z.object({ status: z.literal('ok') }) } }),
  ready: endpoint('GET', SystemPaths.ready, {
    response: { 200: z.object({ status: z.literal('ready'), database: z.string(), eventLoopDelayMs: z.number().optional() }) },
  }),
  /** Plain text. */
  robots: endpoint('GET', SeoPaths.robots),
  /** XML: the sitemap index, or one page of it. */
  sitemap: endpoint('GET', SeoPaths.sitemap, { query: z.object({ page: z.coerce.number().int().min(1).optional() }) }),
};
