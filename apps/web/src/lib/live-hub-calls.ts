import type { HubConnectionState } from '@microsoft/signalr';
import { currentHubSession, currentHubStatus, startHubConnection } from './live-hub';

// What a screen does over the tab's live hub connection besides listening (the chat screen): calls
// and a manual reconnect. Apart from lib/live-hub, so the first load of every page stays without them.

/** @microsoft/signalr's HubConnectionState.Connected (a string enum; kept here to stay type-only). */
const CONNECTED = 'Connected' as HubConnectionState;

/**
 * Starts the connection again after the client's automatic reconnects gave up (the chat banner's
 * Reconnect button). Does nothing while signed out or while connected or already trying.
 */
export function reconnectHub() {
  const current = currentHubSession();
  if (!current || currentHubStatus() !== 'disconnected') return;
  const previous = current.connection;
  current.connection = null;
  void previous?.stop();
  startHubConnection(current, true);
}

/** invokeHub's refusal while the connection is not up (signed out, connecting, reconnecting, given up). */
export class HubNotConnectedError extends Error {
  constructor(method: string) {
    super(`Not connected to the server: '${method}' was not sent.`);
    this.name = 'HubNotConnectedError';
  }
}

/**
 * Calls a hub method over the tab's connection and resolves with its result; rejects at once with
 * HubNotConnectedError when the connection is not up (nothing is queued for later).
 */
export function invokeHub<T>(method: string, ...args: unknown[]): Promise<T> {
  const connection = currentHubSession()?.connection;
  if (!connection || connection.state !== CONNECTED) return Promise.reject(new HubNotConnectedError(method));
  return connection.invoke<T>(method, ...args);
}
