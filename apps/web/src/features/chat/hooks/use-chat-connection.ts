import { useCallback, useEffect } from 'react';
import { ChatHubMethods, type ChatMessage, type PresenceChange } from '@rentdrive/contracts/chat';
import { HUB_RECONNECTED, HubEvents, useHubEvent, useLiveHubStatus } from '../../../lib/live-hub';
import { HubNotConnectedError, invokeHub, reconnectHub } from '../../../lib/live-hub-calls';

export type ChatConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ChatConnectionHandlers {
  onMessage(message: ChatMessage): void;
  onPresence(change: PresenceChange): void;
  /** The connection came back after a drop: what was pushed meanwhile is lost; refresh, and watch again. */
  onReconnected(): void;
}

/** Clears the connection's presence watch list (WatchPresence replaces the list; an empty one ends it). */
function unwatchPresence() {
  invokeHub(ChatHubMethods.watchPresence, []).catch(() => {
    // Not connected: the server forgot the list with the connection already.
  });
}

/**
 * The chat screen's view of the tab's one live hub connection (lib/live-hub, started by the app
 * layout): its status, sending, presence, and the pushed messages. Handlers may change every
 * render. On leaving, the screen's presence watch list is cleared on the server, so the shared
 * connection stops receiving presence for a screen that is gone.
 */
export function useChatConnection(handlers: ChatConnectionHandlers) {
  const hubStatus = useLiveHubStatus();
  // 'off': the layout starts the connection in the same commit, after this screen's effects.
  const status: ChatConnectionStatus = hubStatus === 'off' ? 'connecting' : hubStatus;

  useHubEvent(HubEvents.receiveMessage, (message: ChatMessage) => handlers.onMessage(message));
  useHubEvent(HubEvents.presenceChanged, (change: PresenceChange) => handlers.onPresence(change));
  useHubEvent(HUB_RECONNECTED, () => handlers.onReconnected());
  useEffect(() => unwatchPresence, []);

  const sendMessage = useCallback(async (receiverId: string, text: string): Promise<ChatMessage> => {
    try {
      return await invokeHub<ChatMessage>(ChatHubMethods.sendMessage, receiverId, text);
    } catch (error) {
      if (error instanceof HubNotConnectedError) throw new Error('Not connected to chat.');
      throw error;
    }
  }, []);

  /** Follows these users' presence (replacing the previous list); answers their state now, or nothing while not connected. */
  const watchPresence = useCallback(async (userIds: string[]): Promise<PresenceChange[]> => {
    try {
      return await invokeHub<PresenceChange[]>(ChatHubMethods.watchPresence, userIds);
    } catch (error) {
      if (error instanceof HubNotConnectedError) return [];
      throw error;
    }
  }, []);

  return { status, sendMessage, watchPresence, reconnect: reconnectHub };
}
