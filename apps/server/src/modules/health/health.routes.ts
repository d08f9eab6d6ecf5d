import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { System } from '@rentdrive/contracts/system';
import type { ReadinessCheck } from '../../lib/readiness';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { sendProblem } from '../../plugins/error-handler';
import { loadState, OVERLOADED } from '../../plugins/load-shedding';

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
  const { route } = endpointRoutes(app, { tags: ['system'] });
  route(System.health, { access: 'public' }, () => ({ status: 'ok' as const }));
  route(System.ready, { access: 'public' }, async (_request, reply) => {
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
    return { status: 'ready' as const, database: database.kind, ...(load ? { eventLoopDelayMs: load.eventLoopDelayMs } : {}) };
  });
}
