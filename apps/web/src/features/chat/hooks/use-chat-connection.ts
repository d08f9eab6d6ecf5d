import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { ChatClientMethods, ChatHubMethods, type ChatMessage, type PresenceChange } from '@rentdrive/contracts/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createChatConnection } from '../lib/chat-connection';

export type ChatConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ChatConnectionHandlers {
  onMessage(message: ChatMessage): void;
  onPresence(change: PresenceChange): void;
  /** After (re)connecting: a good moment to re-send the watch list and refresh lists. */
  onConnected(): void;
}

/**
 * Opens the hub connection while the chat screen is shown, for the signed-in user (a new user
 * gets a new connection), and stops it on leaving. Handlers are read through a ref so they may
 * change every render.
 */
export function useChatConnection(userId: string | null, handlers: ChatConnectionHandlers) {
  const [status, setStatus] = useState<ChatConnectionStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const connectionRef = useRef<HubConnection | null>(null);
  // Once a direct WebSocket has failed in this tab, negotiate instead (hubConnectionOptions).
  const negotiateRef = useRef(false);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!userId) return;
    const direct = !negotiateRef.current;
    const connection = createChatConnection({ direct });
    connectionRef.current = connection;
    let isActive = true;
    connection.on(ChatClientMethods.receiveMessage, (message: ChatMessage) => handlersRef.current.onMessage(message));
    connection.on(ChatClientMethods.presenceChanged, (change: PresenceChange) => handlersRef.current.onPresence(change));
    connection.onreconnecting(() => isActive && setStatus('reconnecting'));
    connection.onreconnected(() => {
      if (!isActive) return;
      setStatus('connected');
      handlersRef.current.onConnected();
    });
    connection.onclose(() => isActive && setStatus('disconnected'));
    connection
      .start()
      .then(() => {
        if (!isActive) return;
        setStatus('connected');
        handlersRef.current.onConnected();
      })
      .catch((error: unknown) => {
        if (!isActive) return;
        if (direct) {
          negotiateRef.current = true;
          setAttempt((n) => n + 1);
          return;
        }
        console.error('Chat connection failed', error);
        setStatus('disconnected');
      });
    return () => {
      isActive = false;
      connectionRef.current = null;
      void connection.stop();
    };
  }, [userId, attempt]);

  const isConnected = () => connectionRef.current?.state === HubConnectionState.Connected;

  const sendMessage = useCallback(async (receiverId: string, text: string): Promise<ChatMessage> => {
    const connection = connectionRef.current;
    if (!connection || connection.state !== HubConnectionState.Connected) throw new Error('Not connected to chat.');
    return connection.invoke<ChatMessage>(ChatHubMethods.sendMessage, receiverId, text);
  }, []);

  const watchPresence = useCallback(async (userIds: string[]): Promise<PresenceChange[]> => {
    const connection = connectionRef.current;
    if (!connection || connection.state !== HubConnectionState.Connected) return [];
    return connection.invoke<PresenceChange[]>(ChatHubMethods.watchPresence, userIds);
  }, []);

  const reconnect = useCallback(() => {
    setStatus('connecting');
    setAttempt((n) => n + 1);
  }, []);

  return { status, sendMessage, watchPresence, reconnect, isConnected };
}
