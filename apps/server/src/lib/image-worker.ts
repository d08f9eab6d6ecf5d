/**
 * The image worker: a child process (forked by image-worker-process.ts) that decodes and
 * re-encodes uploads at the lowest scheduling priority (started under SCHED_IDLE through chrt where
 * possible; nice 19 set here in any case), so that sign-in, the database and the server's event
 * loop get the CPU first and image work only uses what they leave.
 *
 * Protocol (IPC, advanced serialization, so Buffers travel as bytes): the worker says `{ ready }`
 * once it can take work; then the parent sends `{ id, input }` and the worker answers
 * `{ id, large, thumb }` or `{ id, error }` (the bytes did not decode). It exits when the parent
 * goes away (the IPC channel disconnects).
 *
 * sharp and the encoder are imported only after every thread of this process has been lowered:
 * threads inherit the nice value of the thread that creates them, so libvips' threads, started
 * later from libuv's pool, are born at the lowest priority too.
 */
import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';

export const WORKER_NICE = 19;

export interface EncodeRequest {
  id: number;
  input: Buffer;
}

export type WorkerMessage = { ready: true } | { id: number; large: Buffer; thumb: Buffer } | { id: number; error: string };

/** Every thread of this process to `nice`: on Linux nice is per thread, elsewhere per process. */
function lowerAllThreads(nice: number): void {
  let threadIds: number[] = [];
  try {
    threadIds = readdirSync('/proc/self/task').map(Number);
  } catch {
    // no /proc: setpriority applies to the whole process
  }
  for (const tid of [0, ...threadIds]) {
    try {
      os.setPriority(tid, nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
}

// The main thread first (so what it starts inherits it), then libuv's pool, which exists once any
// asynchronous file call has run, then every thread there is.
os.setPriority(0, WORKER_NICE);
await stat('.');
lowerAllThreads(WORKER_NICE);

const { default: sharp } = await import('sharp');
const { encodeImageVariants } = await import('./images');
// One libvips thread per image: the parent's concurrency decides how many images run at once.
sharp.concurrency(1);

process.on('disconnect', () => process.exit(0));
process.on('message', (message: EncodeRequest) => {
  const { id, input } = message;
  encodeImageVariants(Buffer.isBuffer(input) ? input : Buffer.from(input)).then(
    ({ large, thumb }) => reply({ id, large, thumb }),
    (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});

reply({ ready: true });

function reply(message: WorkerMessage): void {
  // Without a channel the parent is gone; 'disconnect' ends this process.
  if (process.connected) process.send!(message);
}
