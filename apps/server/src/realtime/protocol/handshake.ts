import { InputBoundsMessages, jsonShapeProblem } from '../../lib/input-bounds';

/**
 * The first record a client sends names the hub protocol: {"protocol":"json","version":1}. The
 * server answers {} on success or {"error": "..."} and then closes.
 */
export const SUPPORTED_PROTOCOL = 'json';
/** Version 2 adds stateful reconnect, which the server never offers; its messages stay unused. */
export const MAX_PROTOCOL_VERSION = 2;

export type HandshakeResult = { ok: true; protocol: string; version: number } | { ok: false; error: string };

export function parseHandshakeRequest(record: string): HandshakeResult {
  const shape = jsonShapeProblem(record);
  if (shape)
    return { ok: false, error: shape === 'too-deep' ? InputBoundsMessages.messageTooDeep : InputBoundsMessages.messageTooManyItems };
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { ok: false, error: 'The handshake request is not valid JSON.' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'The handshake request must be a JSON object.' };
  }
  const { protocol, version } = value as Record<string, unknown>;
  if (typeof protocol !== 'string') return { ok: false, error: "The handshake request is missing the 'protocol' property." };
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return { ok: false, error: "The handshake request is missing the 'version' property." };
  }
  if (protocol !== SUPPORTED_PROTOCOL) return { ok: false, error: `Requested protocol '${protocol}' is not available.` };
  if (version < 1 || version > MAX_PROTOCOL_VERSION) {
    return { ok: false, error: `The server does not support version ${version} of the '${protocol}' protocol.` };
  }
  return { ok: true, protocol, version };
}

export function handshakeResponse(error?: string): Record<string, string> {
  return error ? { error } : {};
}
