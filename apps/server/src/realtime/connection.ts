import type { SessionUser } from '../lib/session-user';
import { handshakeResponse, parseHandshakeRequest } from './protocol/handshake';
import { closeRecord, parseClientMessage, type ClientMessage } from './protocol/hub-messages';
import type { TransportName } from './protocol/negotiate';
import { formatRecord, readRecords } from './protocol/records';

/** How a transport writes to its client; the connection never knows which transport it is. */
export interface TransportSink {
  /** Writes complete records (one or several) to the client. */
  write(text: string): void;
  /** Ends the transport once what was written has been handed over. */
  end(): void;
  /** Drops the transport at once, as a network failure would. */
  abort(): void;
  /** Whether the client is waiting on this transport right now (a held long poll): it is there, though silent. */
  isClientWaiting?(): boolean;
}

export interface ConnectionEvents {
  /** The handshake succeeded: the connection can receive invocations. */
  onOpen(connection: RealtimeConnection): void;
  onMessage(connection: RealtimeConnection, message: ClientMessage): void;
  /** Called once, whatever ended the connection. */
  onClose(connection: RealtimeConnection): void;
}

export interface ConnectionLimits {
  maxRecordChars: number;
}

/**
 * One logical SignalR connection: the handshake, record parsing and closing. Transports feed it
 * text and give it a sink; the hub receives parsed messages.
 */
export class RealtimeConnection {
  transport: TransportName | null = null;
  isOpen = false;
  isClosed = false;
  lastReceivedMs: number;
  lastSentMs: number;
  readonly createdMs: number;
  /** Invocations of one connection run one after another, so a client's messages keep their order. */
  invocationChain: Promise<void> = Promise.resolve();
  /** Users whose presence this connection follows. */
  watchedUserIds: Set<string> | null = null;
  private sink: TransportSink | null = null;
  private pending = '';

  constructor(
    readonly connectionId: string,
    readonly token: string,
    readonly user: SessionUser,
    private readonly events: ConnectionEvents,
    private readonly limits: ConnectionLimits,
    nowMs: number,
  ) {
    this.createdMs = nowMs;
    this.lastReceivedMs = nowMs;
    this.lastSentMs = nowMs;
  }

  get userId(): string {
    return this.user.id;
  }

  get hasTransport(): boolean {
    return this.sink !== null;
  }

  /** The client is waiting on a poll: it is there, though it sends nothing. */
  get isClientWaiting(): boolean {
    return this.sink?.isClientWaiting?.() ?? false;
  }

  attach(transport: TransportName, sink: TransportSink, nowMs: number): void {
    this.transport = transport;
    this.sink = sink;
    this.lastReceivedMs = nowMs;
  }

  /** The client showed it is still there without sending (a long poll). */
  touch(nowMs: number): void {
    this.lastReceivedMs = nowMs;
  }

  /** Text from the client: one or more records, possibly split. */
  receive(chunk: string, nowMs: number): void {
    if (this.isClosed) return;
    this.lastReceivedMs = nowMs;
    const { records, pending, isOversized } = readRecords(this.pending, chunk, this.limits.maxRecordChars);
    this.pending = pending;
    for (const record of records) {
      if (this.isClosed) return;
      if (!this.isOpen) {
        this.handleHandshake(record);
        continue;
      }
      const message = parseClientMessage(record);
      if (message.kind === 'invalid') {
        this.close({ error: `Connection closed with an error: ${message.error}` });
        return;
      }
      if (message.kind === 'close') {
        this.close();
        return;
      }
      this.events.onMessage(this, message);
    }
    if (isOversized) this.close({ error: 'Connection closed with an error: the message is too large.' });
  }

  private handleHandshake(record: string): void {
    const result = parseHandshakeRequest(record);
    if (!result.ok) {
      this.write(formatRecord(handshakeResponse(result.error)));
      this.close({ skipCloseMessage: true });
      return;
    }
    this.write(formatRecord(handshakeResponse()));
    this.isOpen = true;
    this.events.onOpen(this);
  }

  /** Writes records if the connection is open (messages go only after the handshake). */
  send(text: string, nowMs: number = Date.now()): boolean {
    if (!this.isOpen || this.isClosed) return false;
    this.write(text);
    this.lastSentMs = nowMs;
    return true;
  }

  private write(text: string): void {
    this.sink?.write(text);
  }

  /**
   * Ends the connection from the server side: a Close message (with an error and allowReconnect
   * when given), then the transport ends.
   */
  close(options: { error?: string; allowReconnect?: boolean; skipCloseMessage?: boolean } = {}): void {
    if (this.isClosed) return;
    if (this.isOpen && !options.skipCloseMessage) this.write(closeRecord(options));
    this.finish();
    this.sink?.end();
  }

  /** Drops the transport without a Close message (the client sees a lost connection and may reconnect). */
  abort(): void {
    if (this.isClosed) return;
    this.finish();
    this.sink?.abort();
  }

  /** The transport went away (socket closed, DELETE, client timeout): no more writing. */
  transportClosed(): void {
    if (this.isClosed) return;
    this.finish();
  }

  private finish(): void {
    this.isClosed = true;
    this.isOpen = false;
    this.events.onClose(this);
  }
}
