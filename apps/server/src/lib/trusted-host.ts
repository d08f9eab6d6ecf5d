import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as the config holds it: off, every peer, or a comma-separated list of addresses/ranges. */
export type TrustProxy = boolean | string;

/**
 * The host a raw request (a WebSocket upgrade, which never reaches Fastify's request object) was
 * sent to, with the same rule Fastify applies to `request.host`: X-Forwarded-Host counts only when
 * the connection comes from a trusted proxy; otherwise anybody could name any host in it.
 */
export function createHostResolver(trustProxy: TrustProxy): (req: IncomingMessage) => string | undefined {
  const trusts: (address: string, hop: number) => boolean =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'string' && trustProxy !== ''
        ? proxyAddr.compile(trustProxy.split(',').map((part) => part.trim()))
        : () => false;
  return (req) => {
    const forwarded = req.headers['x-forwarded-host'];
    const peer = req.socket.remoteAddress;
    if (typeof forwarded === 'string' && forwarded !== '' && peer !== undefined && trusts(peer, 0)) {
      // A proxy appends: the last entry is the one our proxy wrote.
      return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
    }
    return req.headers.host;
  };
}
