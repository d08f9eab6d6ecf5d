import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { sendProblem } from '../../plugins/error-handler';

/**
 * Liveness (/api/health) and readiness (/api/ready: the database answers and every part listed in
 * services.readiness, such as the search index's first load, has started).
 */
export async function registerHealthModule(app: FastifyInstance, { database, services }: AppDeps): Promise<void> {
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  app.get('/api/ready', async (_request, reply) => {
    if (!(await database.ping())) return sendProblem(reply, { status: 503, code: 'not_ready', detail: 'The database is not reachable.' });
    const waiting = (services.readiness ?? []).filter((part) => !part.isReady()).map((part) => part.name);
    if (waiting.length) return sendProblem(reply, { status: 503, code: 'not_ready', detail: `Still starting: ${waiting.join(', ')}.` });
    return { status: 'ready', database: database.kind };
  });
}
