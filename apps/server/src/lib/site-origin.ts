import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A DNS host name (labels of letters, digits and inner hyphens) or an IPv4 address, then an optional port. */
const HOST_NAME = /^(?=[^:]{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::(\d{1,5}))?$/i;
/** A bracketed IPv6 address, then an optional port. */
const IPV6_HOST = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i;

export const HOST_NOT_VALID = 'The Host header is not a valid host name.';

/** Whether a Host header value is a host name or address with an optional port, and nothing else. */
export function isValidHost(host: string): boolean {
  const name = HOST_NAME.exec(host);
  if (name) return name[1] === undefined || Number(name[1]) <= 65_535;
  const ipv6 = IPV6_HOST.exec(host);
  return ipv6 !== null && isIPv6(ipv6[1]!) && (ipv6[2] === undefined || Number(ipv6[2]) <= 65_535);
}

/**
 * The one origin of the site's absolute URLs (canonical links, og:url, JSON-LD, robots.txt, the
 * sitemap). Production sets PUBLIC_URL (validated at startup), so the Host header of a request
 * cannot choose the links search engines keep. Without it, the address the visitor used (behind a
 * trusted proxy, its forwarded host and scheme), if it is one: a Host that is not a valid host name
 * (quotes, spaces, a path, markup) is refused with a 400 rather than written into a page or a file.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const host = request.host;
  if (!isValidHost(host)) throw AppError.validation(HOST_NOT_VALID);
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}
