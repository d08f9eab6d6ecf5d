import type { FastifyInstance, FastifyRequest } from 'fastify';
import { System } from '@rentdrive/contracts/system';
import { siteOrigin } from '../../lib/site-origin';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import type { SeoService } from './seo.service';

export function registerSeoRoutes(app: FastifyInstance, service: SeoService, opts: { publicUrl?: string } = {}): void {
  const { route } = endpointRoutes(app, { tags: ['seo'] });
  const origin = (request: FastifyRequest) => siteOrigin(request, opts.publicUrl);

  route(System.robots, { access: 'public' }, async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(service.robots(origin(request))),
  );

  route(System.sitemap, { access: 'public' }, async (request, reply) => {
    const body = await service.sitemap(origin(request), request.query.page);
    if (body === undefined) return reply.callNotFound();
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });
}
