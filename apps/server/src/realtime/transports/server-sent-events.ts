import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RealtimeConnection } from '../connection';

/** One SSE event per write; every line of the payload becomes a `data:` line. */
export function formatSseEvent(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => `data: ${line}\r\n`)
      .join('') + '\r\n'
  );
}

/**
 * Server-Sent Events: the response stays open and carries server-to-client records; the client
 * sends with HTTP POST. Headers set by earlier hooks (CORS, security) are kept on the raw response.
 */
export function attachServerSentEvents(connection: RealtimeConnection, request: FastifyRequest, reply: FastifyReply): void {
  const headers = reply.getHeaders();
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    ...(headers as Record<string, string | number | string[]>),
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  response.flushHeaders();
  // A comment line so intermediaries and EventSource see the stream start.
  response.write(':\r\n\r\n');
  connection.attach(
    'ServerSentEvents',
    {
      write: (text) => response.write(formatSseEvent(text)),
      end: () => response.end(),
      abort: () => response.destroy(),
    },
    Date.now(),
  );
  request.raw.socket.setTimeout(0);
  response.on('close', () => connection.transportClosed());
}
