import { InputBoundsMessages, jsonShapeProblem } from '../../lib/input-bounds';
import { formatRecord, RECORD_SEPARATOR } from './records';

/** Message types of the SignalR hub protocol (JSON encoding). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** Callees may bound invocation ids; a longer one is a protocol error. */
export const MAX_INVOCATION_ID_CHARS = 128;

/** What the server makes of one record a client sent after the handshake. */
export type ClientMessage =
  | { kind: 'invocation'; invocationId: string | undefined; target: string; args: unknown[]; hasStreams: boolean }
  | { kind: 'stream-invocation'; invocationId: string; target: string }
  | { kind: 'ping' }
  | { kind: 'close' }
  /** Valid but nothing to do (cancel, stream items, acks, types a newer client may add). */
  | { kind: 'ignored'; type: number }
  /** A protocol error: the connection should be closed with this message. */
  | { kind: 'invalid'; error: string };

function invalid(error: string): ClientMessage {
  return { kind: 'invalid', error };
}

/**
 * Reads one record. A record nested deeper than MAX_INPUT_DEPTH (envelope included), or with more
 * than MAX_INPUT_ITEMS items in one list, is a protocol error found by a linear scan before
 * JSON.parse: no argument a hub method reads is walked deeper or wider.
 */
export function parseClientMessage(record: string): ClientMessage {
  const shape = jsonShapeProblem(record);
  if (shape) return invalid(shape === 'too-deep' ? InputBoundsMessages.messageTooDeep : InputBoundsMessages.messageTooManyItems);
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return invalid('A message is not valid JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return invalid('A message must be a JSON object.');
  const message = value as Record<string, unknown>;
  const type = message.type;
  if (typeof type !== 'number' || !Number.isInteger(type)) return invalid("A message is missing the 'type' property.");

  switch (type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { invocationId, target, arguments: args, streamIds } = message;
      if (typeof target !== 'string' || target === '') return invalid("An invocation is missing the 'target' property.");
      if (!Array.isArray(args)) return invalid("An invocation is missing the 'arguments' property.");
      if (invocationId !== undefined && invocationId !== null && typeof invocationId !== 'string') {
        return invalid("The 'invocationId' property must be a string.");
      }
      if (typeof invocationId === 'string' && invocationId.length > MAX_INVOCATION_ID_CHARS)
        return invalid('The invocation id is too long.');
      if (type === MessageType.StreamInvocation) {
        if (typeof invocationId !== 'string') return invalid("A stream invocation is missing the 'invocationId' property.");
        return { kind: 'stream-invocation', invocationId, target };
      }
      return {
        kind: 'invocation',
        invocationId: typeof invocationId === 'string' ? invocationId : undefined,
        target,
        args,
        hasStreams: Array.isArray(streamIds) && streamIds.length > 0,
      };
    }
    case MessageType.Ping:
      return { kind: 'ping' };
    case MessageType.Close:
      return { kind: 'close' };
    default:
      // Unknown and unsupported types are ignored so a newer client keeps working.
      return { kind: 'ignored', type };
  }
}

export const PING_RECORD = formatRecord({ type: MessageType.Ping });

export function invocationRecord(target: string, args: unknown[]): string {
  return formatRecord({ type: MessageType.Invocation, target, arguments: args });
}

export function completionRecord(invocationId: string, outcome: { result?: unknown; error?: string }): string {
  if (outcome.error !== undefined) return formatRecord({ type: MessageType.Completion, invocationId, error: outcome.error });
  // A void method's completion carries no result at all.
  if (outcome.result === undefined) return formatRecord({ type: MessageType.Completion, invocationId });
  return formatRecord({ type: MessageType.Completion, invocationId, result: outcome.result });
}

export function closeRecord(options: { error?: string; allowReconnect?: boolean } = {}): string {
  return formatRecord({
    type: MessageType.Close,
    ...(options.error ? { error: options.error } : {}),
    ...(options.allowReconnect ? { allowReconnect: true } : {}),
  });
}

export { RECORD_SEPARATOR };
