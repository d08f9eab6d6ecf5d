/**
 * Load clients speaking the SignalR JSON protocol directly over `ws` (the official client is
 * heavier per connection; the wire is the same): negotiate, WebSocket with ?id=, handshake,
 * invocations with ids, and a ping every 15 s so the server's 30 s client timeout never fires.
 */
import WebSocket from 'ws';

export const RS = '\u001e';

/** A hub message as the load clients read it (SignalR JSON protocol). */
export interface HubMessage {
  type?: number;
  target?: string;
  arguments?: { text: string }[];
  invocationId?: string;
  error?: string;
}

/** The complete records at the start of `buffer` (each ended by RS), parsed, and the rest. */
export function takeRecords(buffer: string): { messages: HubMessage[]; rest: string } {
  const messages: HubMessage[] = [];
  let rest = buffer;
  let at: number;
  while ((at = rest.indexOf(RS)) >= 0) {
    messages.push(JSON.parse(rest.slice(0, at)) as HubMessage);
    rest = rest.slice(at + 1);
  }
  return { messages, rest };
}

export interface LoadClient {
  userId: string;
  ws: WebSocket;
  /** Sends SendMessage with an invocation id; resolves on its completion. */
  send(receiverId: string, text: string): Promise<{ error?: string }>;
}

export interface ClientEvents {
  onReceive(client: LoadClient, text: string, atMs: number): void;
}

/**
 * Without negotiation (as the web app connects, and as a balancer without stickiness needs: the
 * negotiate and the upgrade would land on different instances) the socket opens on /chat alone.
 */
export async function connectClient(
  baseUrl: string,
  userId: string,
  cookie: string,
  events: ClientEvents,
  { skipNegotiation = false } = {},
): Promise<LoadClient> {
  let query = '';
  if (!skipNegotiation) {
    const negotiate = await fetch(`${baseUrl}/chat/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } });
    if (!negotiate.ok) throw new Error(`negotiate ${negotiate.status}`);
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    query = `?id=${encodeURIComponent(connectionToken)}`;
  }
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/chat${query}`, {
    headers: { cookie },
    perMessageDeflate: false,
  });
  const pending = new Map<string, (outcome: { error?: string }) => void>();
  let nextId = 0;
  let buffer = '';
  let handshakeDone: () => void = () => {};
  const handshake = new Promise<void>((resolve) => (handshakeDone = resolve));
  const client: LoadClient = {
    userId,
    ws,
    send(receiverId, text) {
      const invocationId = String(nextId++);
      return new Promise((resolve) => {
        pending.set(invocationId, resolve);
        ws.send(JSON.stringify({ type: 1, invocationId, target: 'SendMessage', arguments: [receiverId, text] }) + RS);
      });
    },
  };
  ws.on('message', (data) => {
    const atMs = performance.now();
    // A Buffer unless the socket was set to deliver fragments or ArrayBuffers.
    if (Buffer.isBuffer(data)) buffer += data.toString();
    else buffer += Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data).toString();
    const { messages, rest } = takeRecords(buffer);
    buffer = rest;
    for (const message of messages) {
      if (message.type === undefined) handshakeDone();
      else if (message.type === 1 && message.target === 'ReceiveMessage') events.onReceive(client, message.arguments![0]!.text, atMs);
      else if (message.type === 3) {
        pending.get(message.invocationId!)?.({ error: message.error });
        pending.delete(message.invocationId!);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`{"protocol":"json","version":1}${RS}`);
  await handshake;
  const ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(`{"type":6}${RS}`), 10_000 + Math.random() * 5_000);
  ping.unref();
  ws.on('close', () => clearInterval(ping));
  return client;
}
