/**
 * A stand-in for '@microsoft/signalr' in web unit tests (the tests' own, not the server's): every
 * connection built is recorded, so a test can count them, fire the server's pushes and the client's
 * lifecycle events, and read what was invoked. Use with
 *   vi.mock('@microsoft/signalr', async () => (await import('<path>/test/fake-signalr')).fakeSignalRModule);
 */
type Handler = (...args: unknown[]) => void;

export class FakeHubConnection {
  state = 'Disconnected';
  stopped = false;
  readonly handlers = new Map<string, Handler>();
  readonly invocations: { method: string; args: unknown[] }[] = [];
  private readonly lifecycle: { reconnecting?: () => void; reconnected?: () => void; close?: () => void } = {};

  constructor(
    readonly url: string,
    readonly options: { skipNegotiation?: boolean; transport?: number; withCredentials?: boolean },
  ) {}

  on(method: string, handler: Handler) {
    this.handlers.set(method, handler);
  }
  onreconnecting(handler: () => void) {
    this.lifecycle.reconnecting = handler;
  }
  onreconnected(handler: () => void) {
    this.lifecycle.reconnected = handler;
  }
  onclose(handler: () => void) {
    this.lifecycle.close = handler;
  }

  start(): Promise<void> {
    if (fakeHub.failStarts.shift()) return Promise.reject(new Error('WebSocket failed to connect.'));
    this.state = 'Connected';
    return Promise.resolve();
  }
  stop(): Promise<void> {
    this.stopped = true;
    this.state = 'Disconnected';
    return Promise.resolve();
  }
  invoke(method: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ method, args });
    return fakeHub.answer(method, args);
  }

  /** The server pushes `method` to this connection. */
  push(method: string, ...args: unknown[]) {
    this.handlers.get(method)?.(...args);
  }
  /** The transport dropped; the client retries on its own. */
  drop() {
    this.state = 'Reconnecting';
    this.lifecycle.reconnecting?.();
  }
  /** One of the client's retries worked. */
  restore() {
    this.state = 'Connected';
    this.lifecycle.reconnected?.();
  }
  /** The client's retries gave up (or the server closed the connection for good). */
  giveUp() {
    this.state = 'Disconnected';
    this.lifecycle.close?.();
  }
}

export const fakeHub = {
  built: [] as FakeHubConnection[],
  /** One entry per coming start(): true fails it. */
  failStarts: [] as boolean[],
  answer: (_method: string, _args: unknown[]): Promise<unknown> => Promise.resolve(null),
  /** The connections built and not stopped. */
  open(): FakeHubConnection[] {
    return this.built.filter((c) => !c.stopped);
  },
  reset() {
    this.built = [];
    this.failStarts = [];
    this.answer = () => Promise.resolve(null);
  },
};

class FakeHubConnectionBuilder {
  private url = '';
  private options = {};
  withUrl(url: string, options: FakeHubConnection['options']) {
    this.url = url;
    this.options = options;
    return this;
  }
  withAutomaticReconnect() {
    return this;
  }
  configureLogging() {
    return this;
  }
  build() {
    const connection = new FakeHubConnection(this.url, this.options);
    fakeHub.built.push(connection);
    return connection;
  }
}

export const fakeSignalRModule = {
  HubConnectionBuilder: FakeHubConnectionBuilder,
  LogLevel: { None: 6, Error: 4, Warning: 3 },
  HubConnectionState: { Connected: 'Connected', Disconnected: 'Disconnected', Reconnecting: 'Reconnecting' },
};
