import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { ChatPaths } from '@rentdrive/contracts/paths/chat';
import { hubConnectionOptions } from './hub-options';
import type { HubSession, LiveHubStatus } from './live-hub';

// Builds and starts the live hub's connection: lib/live-hub loads this module, and the SignalR client
// with it, on demand, so neither is in the first load of any page.

/** Automatic reconnect after 0, 2, 10 and 30 s, then stop (the header polls; chat offers Reconnect). */
const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

/** Once a direct WebSocket failed and negotiating worked in this tab, later connections negotiate. */
let negotiate = false;

/** What the connection reports to lib/live-hub (handed over, so the two modules do not import each other). */
export interface HubReport {
  setStatus: (status: LiveHubStatus) => void;
  dispatch: (method: string, ...args: unknown[]) => void;
  /** The pushed events to register. */
  methods: readonly string[];
  /** The pseudo event after the connection came back. */
  reconnected: string;
}

/** Opens a connection for `current`, reporting its status; `isRestart` when one before it gave up. */
export async function openHubConnection(current: HubSession, isRestart: boolean, report: HubReport): Promise<void> {
  const { setStatus, dispatch, methods, reconnected } = report;
  const open = async (direct: boolean) => {
    if (!current.isActive) return;
    const built = new HubConnectionBuilder()
      .withUrl(ChatPaths.hub, hubConnectionOptions(direct))
      .withAutomaticReconnect(RECONNECT_DELAYS_MS)
      .configureLogging(LogLevel.None)
      .build();
    current.connection = built;
    const isCurrent = () => current.isActive && current.connection === built;
    for (const method of methods) built.on(method, (...args: unknown[]) => isCurrent() && dispatch(method, ...args));
    built.onreconnecting(() => isCurrent() && setStatus('reconnecting'));
    built.onreconnected(() => {
      if (!isCurrent()) return;
      setStatus('connected');
      dispatch(reconnected);
    });
    built.onclose(() => isCurrent() && setStatus('disconnected'));
    await built.start();
    if (!isCurrent()) return;
    setStatus('connected');
    if (isRestart) dispatch(reconnected);
  };
  // A WebSocket without negotiate first (hubConnectionOptions); when it cannot open, negotiate, and
  // keep negotiating in this tab once that worked (the way to the server has no WebSockets).
  if (negotiate) return open(false);
  await open(true).catch(async () => {
    await open(false);
    negotiate = true;
  });
}
