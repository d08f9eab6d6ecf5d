import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { sendProblem } from '../../plugins/error-handler';
import { loadState, OVERLOADED } from '../../plugins/load-shedding';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { ReadinessCheck } from '../../lib/readiness';
import { SystemPaths } from '@rentdrive/contracts/paths';

export interface HealthRoutesDeps {
  /** The database: whether it answers, and which kind it is (pglite or postgres). */
  database: { ping(): Promise<boolean>; kind: string };
  readiness: ReadinessCheck[];
}

/**
 * Liveness (/api/health) and readiness (/api/ready: the database answers, the instance is not
 * shedding load, and every readiness check, such as the search index's first load, passes).
 */
export function registerHealthRoutes(app: FastifyInstance, { database, readiness }: HealthRoutesDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    SystemPaths.health,
    { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({
      status: 'ok' as const,
    }),
  );
  api.get(SystemPaths.ready, { config: { access: 'public' } }, async (_request, reply) => {
    if (!(await database.ping()))
      return sendProblem(reply, { status: 503, code: ErrorCode.NotReady, detail: 'The database is not reachable.' });
    const load = loadState(app);
    if (load?.underPressure)
      return sendProblem(reply, {
        status: 503,
        code: ErrorCode.NotReady,
        detail: `${OVERLOADED} (event loop delay ${load.eventLoopDelayMs} ms)`,
      });
    const waiting = readiness.filter((part) => !part.isReady()).map((part) => part.name);
    if (waiting.length)
      return sendProblem(reply, { status: 503, code: ErrorCode.NotReady, detail: `Still starting: ${waiting.join(', ')}.` });
    return { status: 'ready', database: database.kind, ...(load ? { eventLoopDelayMs: load.eventLoopDelayMs } : {}) };
  });
}
