import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SeoPaths } from '@rentdrive/contracts/paths';
import { siteOrigin } from '../../lib/site-origin';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import type { SeoService } from './seo.service';

const SitemapQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

export function registerSeoRoutes(app: FastifyInstance, service: SeoService, opts: { publicUrl?: string } = {}): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const origin = (request: FastifyRequest) => siteOrigin(request, opts.publicUrl);

  api.get(SeoPaths.robots, { config: { access: 'public' } }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(service.robots(origin(request))),
  );

  api.get(SeoPaths.sitemap, { config: { access: 'public' }, schema: { querystring: SitemapQuery } }, async (request, reply) => {
    const body = await service.sitemap(origin(request), request.query.page);
    if (body === undefined) return reply.callNotFound();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });
}
