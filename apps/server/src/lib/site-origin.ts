import type { FastifyRequest } from 'fastify';

/**
 * The origin of the site's absolute URLs (canonical links, og:url, JSON-LD, robots.txt, the
 * sitemap): the configured public address (PUBLIC_URL) when set, so the Host header of a request
 * cannot choose the links search engines keep; else the address the visitor used (behind a trusted
 * proxy, its forwarded host and scheme).
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
