/** Transports this server offers, in the client's order of preference. */
export type TransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

export const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
] as const;

export const MAX_NEGOTIATE_VERSION = 1;

/**
 * The version both sides use: the requested one, capped at ours; a missing or unreadable value
 * means 0, as the transport spec says.
 */
export function pickNegotiateVersion(requested: unknown): number {
  const parsed = typeof requested === 'string' ? Number.parseInt(requested, 10) : NaN;
  if (!Number.isFinite(parsed) || parsed < 0) return 0;
  return Math.min(parsed, MAX_NEGOTIATE_VERSION);
}

/**
 * Version 1 separates the public connectionId from the secret connectionToken used in `id=`;
 * version 0 has only the connectionId, which then is the secret.
 */
export function negotiateResponse(version: number, ids: { connectionId: string; connectionToken: string }) {
  return {
    connectionId: ids.connectionId,
    ...(version >= 1 ? { connectionToken: ids.connectionToken } : {}),
    negotiateVersion: version,
    availableTransports: AVAILABLE_TRANSPORTS,
  };
}
