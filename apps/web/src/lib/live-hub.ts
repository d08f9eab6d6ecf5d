import type { HubConnection } from '@microsoft/signalr';
// Type-only contract imports: zod stays out of the header's first load.
import type { ChatClientMethods } from '@rentdrive/contracts/chat';
import type { NotificationClientMethods } from '@rentdrive/contracts/notifications';
import { ChatPaths } from '@rentdrive/contracts/paths';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { hubConnectionOptions } from './hub-options';

export type LiveHubStatus = 'off' | 'connecting' | 'connected' | 'disconnected';

type Listener = (...args: unknown[]) => void;

/**
 * The tab's one live connection to the hub for the signed-in user (pushed notifications, chat
 * messages for the header badge). Any part of the app listens with useHubEvent; the app layout
 * starts it with useLiveHub. The SignalR client is loaded on demand, so it stays out of the
 * first load of every page and out of signed-out visits entirely.
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

/** Automatic reconnect after 0, 2, 10 and 30 s, then stop (the header falls back to polling). */
const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

/** The pushed events the app listens to (the names the contracts declare). */
export const HubEvents: {
  receiveNotification: (typeof NotificationClientMethods)['receiveNotification'];
  receiveMessage: (typeof ChatClientMethods)['receiveMessage'];
} = { receiveNotification: 'ReceiveNotification', receiveMessage: 'ReceiveMessage' };

/** Registered on every connection, so a listener added later still hears them. */
const HUB_METHODS = Object.values(HubEvents);

/** Opens the hub connection while `userId` is signed in, stops it on sign-out or a different user. */
export function useLiveHub(userId: string | null) {
  useEffect(() => {
    if (!userId) return;
    let connection: HubConnection | null = null;
    let isActive = true;
    setStatus('connecting');
    void import('@microsoft/signalr')
      .then(async ({ HubConnectionBuilder, LogLevel }) => {
        const open = async (direct: boolean) => {
          if (!isActive) return;
          const built = new HubConnectionBuilder()
            .withUrl(ChatPaths.hub, hubConnectionOptions(direct))
            .withAutomaticReconnect(RECONNECT_DELAYS_MS)
            .configureLogging(LogLevel.None)
            .build();
          connection = built;
          for (const method of HUB_METHODS) built.on(method, (...args: unknown[]) => dispatchHubEvent(method, ...args));
          built.onreconnecting(() => isActive && setStatus('connecting'));
          built.onreconnected(() => {
            if (!isActive) return;
            setStatus('connected');
            // Anything pushed while the connection was down is fetched again by the listeners.
            dispatchHubEvent(HUB_RECONNECTED);
          });
          built.onclose(() => isActive && connection === built && setStatus('disconnected'));
          await built.start();
          if (isActive) setStatus('connected');
        };
        // A WebSocket without negotiate first; when it cannot open, negotiate (hubConnectionOptions).
        await open(true).catch(() => open(false));
      })
      .catch(() => isActive && setStatus('disconnected'));
    return () => {
      isActive = false;
      setStatus('off');
      void connection?.stop();
    };
  }, [userId]);
}

/** A pseudo event after a reconnect: listeners refresh what they show. */
export const HUB_RECONNECTED = 'hub:reconnected';

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
    () => status,
    () => 'off',
  );
}
