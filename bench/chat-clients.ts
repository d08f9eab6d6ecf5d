/**
 * Load clients speaking the SignalR JSON protocol directly over `ws` (the official client is
 * heavier per connection; the wire is the same): negotiate, WebSocket with ?id=, handshake,
 * invocations with ids, and a ping every 15 s so the server's 30 s client timeout never fires.
 */
import WebSocket from 'ws';

const RS = '\u001e';

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
    let at: number;
    while ((at = buffer.indexOf(RS)) >= 0) {
      const record = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const message = JSON.parse(record) as {
        type?: number;
        target?: string;
        arguments?: { text: string }[];
        invocationId?: string;
        error?: string;
      };
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
