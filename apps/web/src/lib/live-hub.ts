import type { HubConnection } from '@microsoft/signalr';
// Type-only contract imports: zod stays out of the header's first load.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ChatClientMethods } from '@rentdrive/contracts/chat';
import type { NotificationClientMethods } from '@rentdrive/contracts/notifications';

/**
 * 'off' while signed out; 'connecting' for a first start (or a manual reconnect); 'reconnecting'
 * while the client retries on its own after a drop; 'disconnected' once it gave up (reconnectHub
 * starts again).
 */
export type LiveHubStatus = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

type Listener = (...args: unknown[]) => void;

/**
 * The tab's one live connection to the hub for the signed-in user: pushed notifications, chat
 * messages, presence, and the chat screen's calls (lib/live-hub-calls). Any part of the app listens with
 * useHubEvent; the app layout starts it with useLiveHub. The SignalR client is loaded on demand,
 * so it stays out of the first load of every page and out of signed-out visits entirely.
 */
const listeners = new Map<string, Set<Listener>>();
const statusListeners = new Set<() => void>();
let status: LiveHubStatus = 'off';

function setStatus(next: LiveHubStatus) {
  status = next;
  for (const notify of statusListeners) notify();
}

/** Hands a pushed event to every listener of `method` (the connection's handlers call it). */
export function dispatchHubEvent(method: string, ...args: unknown[]) {
  for (const listener of [...(listeners.get(method) ?? [])]) listener(...args);
}

function subscribe(method: string, listener: Listener) {
  let set = listeners.get(method);
  if (!set) listeners.set(method, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** The pushed events the app listens to (the names the contracts declare). */
export const HubEvents: {
  receiveNotification: (typeof NotificationClientMethods)['receiveNotification'];
  receiveMessage: (typeof ChatClientMethods)['receiveMessage'];
  presenceChanged: (typeof ChatClientMethods)['presenceChanged'];
} = { receiveNotification: 'ReceiveNotification', receiveMessage: 'ReceiveMessage', presenceChanged: 'PresenceChanged' };

/** Registered on every connection, so a listener added later still hears them. */
const HUB_METHODS = Object.values(HubEvents);

/**
 * A pseudo event after the connection came back (automatically or by reconnectHub): what was
 * pushed meanwhile is lost, so listeners refresh what they show, and the server forgot per-connection
 * state (a presence watch list), so its owners send it again.
 */
export const HUB_RECONNECTED = 'hub:reconnected';

/** One signed-in run of the hub: ended by sign-out or a different user. */
export interface HubSession {
  isActive: boolean;
  connection: HubConnection | null;
}
let session: HubSession | null = null;

/** The signed-in run of the hub, if any (lib/live-hub-calls). */
export const currentHubSession = () => session;

/** The status now, outside React. */
export const currentHubStatus = () => status;

/** Opens a connection for `current` (the code and the SignalR client load on demand); `isRestart` after one gave up. */
export function startHubConnection(current: HubSession, isRestart: boolean) {
  setStatus('connecting');
  import('./live-hub-connection')
    .then(({ openHubConnection }) =>
      openHubConnection(current, isRestart, { setStatus, dispatch: dispatchHubEvent, methods: HUB_METHODS, reconnected: HUB_RECONNECTED }),
    )
    .catch(() => current.isActive && setStatus('disconnected'));
}

/** Opens a signed-in run of the hub; the function it returns ends it (sign-out, a different user). */
export function startLiveHub(): () => void {
  const current: HubSession = { isActive: true, connection: null };
  session = current;
  startHubConnection(current, false);
  return () => {
    current.isActive = false;
    if (session === current) session = null;
    setStatus('off');
    void current.connection?.stop();
  };
}

/**
 * Opens the hub connection while `userId` is signed in, stops it on sign-out or a different user.
 * The app's layout starts it through lib/use-live-hub.ts, which loads this module only then.
 */
export function useLiveHub(userId: string | null) {
  useEffect(() => (userId ? startLiveHub() : undefined), [userId]);
}

/**
 * Ends the tab's hub connection now: signing out stops it before the server ends the session, so the
 * client never retries the hub with a cookie that no longer signs in (a 401 the browser logs).
 */
export async function stopLiveHub(): Promise<void> {
  const current = session;
  if (!current) return;
  current.isActive = false;
  session = null;
  setStatus('off');
  await current.connection?.stop();
}

/** Calls `handler` for every `method` event pushed over the tab's hub connection. */
export function useHubEvent<Args extends unknown[]>(method: string, handler: (...args: Args) => void) {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => subscribe(method, (...args) => handlerRef.current(...(args as Args))), [method]);
}

/** The live connection's state ('off' while signed out or not started). */
export function useLiveHubStatus(): LiveHubStatus {
  return useSyncExternalStore(
    (notify) => {
      statusListeners.add(notify);
      return () => statusListeners.delete(notify);
    },
    currentHubStatus,
    () => 'off',
  );
}
