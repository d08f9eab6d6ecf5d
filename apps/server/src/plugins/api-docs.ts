import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { SystemPaths } from '@rentdrive/contracts/paths';
import { zodToOpenApi } from './zod-schemas';

/** The OpenAPI document generated from the routes' zod schemas (the endpoints of packages/contracts), browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, { title }: { title: string }): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title, version: '1.0.0' } },
    transform: zodToOpenApi as never,
  });
  await app.register(swaggerUi, { routePrefix: SystemPaths.docs });
}
