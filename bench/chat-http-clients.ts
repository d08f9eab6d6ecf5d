/**
 * Load clients speaking the SignalR JSON protocol over Server-Sent Events or long polling, each
 * request sent to the next of several bases in turn: one balancer (nginx, which spreads them), or
 * the instances themselves (client-side round robin, no stickiness): negotiate on one, the stream
 * or polls and every send spread over all. Requests go through Node's fetch, whose default
 * dispatcher opens as many connections per origin as there are requests in flight: no pool limit
 * to queue behind. Sends go one at a time per client, as the official client's send queue does;
 * SSE clients ping every 10-15 s (long polling needs no ping: the polls show the client is there).
 */

import { RS, takeRecords } from './chat-clients';

export type HttpTransport = 'ServerSentEvents' | 'LongPolling';

export interface HttpLoadClient {
  userId: string;
  send(receiverId: string, text: string): Promise<{ error?: string }>;
  close(): Promise<void>;
}

export interface HttpClientEvents {
  onReceive(client: HttpLoadClient, text: string, atMs: number): void;
}

export async function connectHttpClient(
  bases: string[],
  transport: HttpTransport,
  userId: string,
  cookie: string,
  events: HttpClientEvents,
): Promise<HttpLoadClient> {
  let turn = Math.floor(Math.random() * bases.length);
  const nextBase = () => bases[turn++ % bases.length]!;
  const negotiate = await fetch(`${nextBase()}/chat/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } });
  if (!negotiate.ok) throw new Error(`negotiate ${negotiate.status}`);
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const urlAt = (base: string) => `${base}/chat?id=${encodeURIComponent(connectionToken)}`;
  const abort = new AbortController();
  const pending = new Map<string, (outcome: { error?: string }) => void>();
  let nextId = 0;
  let buffer = '';
  let isClosed = false;
  let handshakeDone: () => void = () => {};
  const handshake = new Promise<void>((resolve) => (handshakeDone = resolve));
  let sendChain: Promise<unknown> = Promise.resolve();

  const post = (text: string) => {
    const sending = sendChain.then(() =>
      fetch(urlAt(nextBase()), { method: 'POST', headers: { cookie, 'content-type': 'text/plain;charset=UTF-8' }, body: text }).then((r) =>
        r.arrayBuffer(),
      ),
    );
    sendChain = sending.catch(() => undefined);
    return sending;
  };

  const client: HttpLoadClient = {
    userId,
    send(receiverId, text) {
      const invocationId = String(nextId++);
      return new Promise((resolve) => {
        pending.set(invocationId, resolve);
        post(JSON.stringify({ type: 1, invocationId, target: 'SendMessage', arguments: [receiverId, text] }) + RS).catch(() =>
          resolve({ error: 'send failed' }),
        );
      });
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      clearInterval(ping);
      await fetch(urlAt(nextBase()), { method: 'DELETE', headers: { cookie } }).catch(() => undefined);
      abort.abort();
    },
  };

  function receiveRecords(text: string): void {
    const atMs = performance.now();
    const { messages, rest } = takeRecords(buffer + text);
    buffer = rest;
    for (const message of messages) {
      if (message.type === undefined) handshakeDone();
      else if (message.type === 1 && message.target === 'ReceiveMessage') events.onReceive(client, message.arguments![0]!.text, atMs);
      else if (message.type === 3) {
        pending.get(message.invocationId!)?.({ error: message.error });
        pending.delete(message.invocationId!);
      } else if (message.type === 7) isClosed = true;
    }
  }

  if (transport === 'ServerSentEvents') {
    const response = await fetch(urlAt(nextBase()), { headers: { cookie, accept: 'text/event-stream' }, signal: abort.signal });
    if (!response.ok || !response.body) throw new Error(`event stream ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let pendingText = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          pendingText += value;
          let end: number;
          // Events end with a blank line; their data lines carry the records.
          while ((end = pendingText.indexOf('\r\n\r\n')) >= 0) {
            const event = pendingText.slice(0, end);
            pendingText = pendingText.slice(end + 4);
            const data = event
              .split('\r\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) receiveRecords(data);
          }
        }
      } catch {
        // aborted on close
      }
    })();
  } else {
    const first = await fetch(urlAt(nextBase()), { headers: { cookie }, signal: abort.signal });
    if (first.status !== 200) throw new Error(`first poll ${first.status}`);
    await first.arrayBuffer();
    void (async () => {
      while (!isClosed) {
        try {
          const poll = await fetch(urlAt(nextBase()), { headers: { cookie }, signal: abort.signal });
          if (poll.status !== 200) return;
          const text = await poll.text();
          if (text) receiveRecords(text);
        } catch {
          return;
        }
      }
    })();
  }

  await post(`{"protocol":"json","version":1}${RS}`);
  await handshake;
  const ping = setInterval(
    () => {
      if (transport === 'ServerSentEvents' && !isClosed) post(`{"type":6}${RS}`).catch(() => undefined);
    },
    10_000 + Math.random() * 5_000,
  );
  ping.unref();
  return client;
}
