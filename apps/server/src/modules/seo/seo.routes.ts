import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SeoPaths } from '@rentdrive/contracts/paths';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { SeoService } from './seo.service';

const SitemapQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

/** The site's address as the visitor used it (behind a trusted proxy, its forwarded host and scheme). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerSeoRoutes(app: FastifyInstance, service: SeoService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(SeoPaths.robots, async (request, reply) => reply.type('text/plain; charset=utf-8').send(service.robots(requestOrigin(request))));

  api.get(SeoPaths.sitemap, { schema: { querystring: SitemapQuery } }, async (request, reply) => {
    const { page } = request.query;
    const body = await service.sitemap(requestOrigin(request), page);
    if (body === undefined) return reply.callNotFound();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });
}
