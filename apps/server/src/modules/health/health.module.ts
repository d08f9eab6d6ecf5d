import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { sendProblem } from '../../plugins/error-handler';

/** Liveness (/api/health) and readiness (/api/ready: the database answers). */
export async function registerHealthModule(app: FastifyInstance, { database }: AppDeps): Promise<void> {
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  app.get('/api/ready', async (_request, reply) => {
    if (await database.ping()) return { status: 'ready', database: database.kind };
    return sendProblem(reply, { status: 503, code: 'not_ready', detail: 'The database is not reachable.' });
  });
}
