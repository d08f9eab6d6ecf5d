import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { ChatMessage } from '@rentdrive/contracts/chat';
import { createTestApp, type TestApp, type TestAppOptions } from '../test-app';

export interface ListeningApp extends TestApp {
  baseUrl: string;
}

/** The real app listening on a free port, so the official client can connect over the network. */
export async function startListeningApp(options: TestAppOptions = {}): Promise<ListeningApp> {
  const testApp = await createTestApp(options);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { ...testApp, baseUrl: `http://127.0.0.1:${address.port}` };
}

export const TRANSPORTS = {
  WebSockets: HttpTransportType.WebSockets,
  ServerSentEvents: HttpTransportType.ServerSentEvents,
  LongPolling: HttpTransportType.LongPolling,
} as const;

export interface ConnectOptions {
  cookie?: string;
  transport?: HttpTransportType;
  reconnectDelaysMs?: number[];
  /** WebSockets straight away, without negotiate: one request, so any instance behind a balancer takes it. */
  skipNegotiation?: boolean;
}

/** An official @microsoft/signalr client; the Node client sends the session cookie through `headers`. */
export function buildChatConnection(
  baseUrl: string,
  { cookie, transport = HttpTransportType.WebSockets, reconnectDelaysMs, skipNegotiation = false }: ConnectOptions,
) {
  let builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/chat`, { transport, skipNegotiation, headers: cookie ? { Cookie: cookie } : {} })
    .configureLogging(LogLevel.None);
  if (reconnectDelaysMs) builder = builder.withAutomaticReconnect(reconnectDelaysMs);
  return builder.build();
}

/** Collects ReceiveMessage pushes and lets a test wait for the next one. */
export function inbox(connection: HubConnection) {
  const received: ChatMessage[] = [];
  const waiters: ((m: ChatMessage) => void)[] = [];
  connection.on('ReceiveMessage', (message: ChatMessage) => {
    received.push(message);
    waiters.shift()?.(message);
  });
  return {
    received,
    next(): Promise<ChatMessage> {
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** Resolves with the first value `register` reports. */
export function once<T>(register: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => register(resolve));
}

/**
 * Retries an assertion until it passes (or 5 s pass): the server learns of a client's stop a
 * moment after stop() resolves on the client.
 */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
