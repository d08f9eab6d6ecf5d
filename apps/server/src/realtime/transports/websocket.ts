import type { WebSocket } from 'ws';
import type { RealtimeConnection } from '../connection';

/** Wires an accepted WebSocket to a connection: text frames in, records out. */
export function attachWebSocket(connection: RealtimeConnection, socket: WebSocket): void {
  connection.attach(
    'WebSockets',
    {
      write: (text) => socket.send(text),
      end: () => socket.close(1000),
      abort: () => socket.terminate(),
    },
    Date.now(),
  );
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      // Only the text transfer format is offered.
      connection.close({ error: 'Connection closed with an error: binary frames are not supported.' });
      return;
    }
    const text = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    connection.receive(text.toString(), Date.now());
  });
  socket.on('close', () => connection.transportClosed());
  socket.on('error', () => socket.terminate());
}
