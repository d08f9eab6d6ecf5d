import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { ChatPaths } from '@rentdrive/contracts/paths';
import { hubConnectionOptions } from '../../../lib/hub-options';

/** Automatic reconnect after 0, 2, 10 and 30 s, then stop. */
export const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

/**
 * The chat hub connection: same origin, session cookie sent by the browser (withCredentials), a
 * WebSocket without negotiate when `direct` (see hubConnectionOptions),
 * the client's default keep-alive (15 s) and server timeout (30 s).
 */
export function createChatConnection({ direct }: { direct: boolean }): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(ChatPaths.hub, hubConnectionOptions(direct))
    .withAutomaticReconnect(RECONNECT_DELAYS_MS)
    .configureLogging(import.meta.env.DEV ? LogLevel.Warning : LogLevel.Error)
    .build();
}
