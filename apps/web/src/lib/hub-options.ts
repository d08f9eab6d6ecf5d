import type { HttpTransportType, IHttpConnectionOptions } from '@microsoft/signalr';

/** @microsoft/signalr's HttpTransportType.WebSockets (a const enum value, kept here to stay type-only). */
const WEB_SOCKETS = 1 as HttpTransportType;

/**
 * How the hub connection is opened. First a WebSocket without negotiate: its upgrade is the
 * connection's only request, so behind a round-robin balancer any instance takes it whole. When
 * that fails (a proxy without WebSockets), the client negotiates and picks a transport itself
 * (Server-Sent Events, long polling), which any instance serves too when they share Redis.
 */
export function hubConnectionOptions(direct: boolean): IHttpConnectionOptions {
  return direct ? { withCredentials: true, transport: WEB_SOCKETS, skipNegotiation: true } : { withCredentials: true };
}
