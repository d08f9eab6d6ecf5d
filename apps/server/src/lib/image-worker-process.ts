import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EncodeRequest, WorkerMessage } from './image-worker';
import type { EncodedImage } from './images';

/** The image worker process ended (crashed, was killed, ran out of memory) before it answered. */
export class ImageWorkerExitedError extends Error {
  constructor(detail: string) {
    super(`The image worker stopped (${detail}).`);
    this.name = 'ImageWorkerExitedError';
  }
}

export interface ImageWorkerExit {
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Encodes that were in work and were refused because of it. */
  inFlight: number;
}

export interface ImageWorkerProcess {
  encode(input: Buffer): Promise<EncodedImage>;
  /** The running worker's process id; undefined before the first encode and after it ended. */
  pid(): number | undefined;
  /** Stops the worker (SIGTERM to its pid) and waits for it to exit; later encodes are refused. */
  close(): Promise<void>;
}

export const IMAGE_WORKER_NICE = 19;

/**
 * Where the worker's entry is and how node must run it: beside this file, as `image-worker.ts`
 * through tsx when the server runs from its sources (tsx, vitest), as `image-worker.js` with plain
 * node in the compiled server (scripts/build-server.mjs writes it next to server.js; this module's
 * code sits in one of the files of that same folder).
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSources ? './image-worker.ts' : './image-worker.js', import.meta.url));
  if (!existsSync(file)) throw new ImageWorkerExitedError(`its entry ${file} is missing`);
  if (!fromSources) return { file, execArgv: process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : [] };
  // Resolved from here, not from the working directory, so any cwd works.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file, execArgv: ['--import', tsx] };
}

let idleScheduler: string | null | undefined;

/**
 * `chrt` when it can put a process under SCHED_IDLE here (Linux, util-linux; checked once by
 * running it), else null. Under SCHED_IDLE a task runs only when no ordinary task wants the CPU, and
 * an ordinary task that wakes takes the CPU from it at once; at nice 19 alone the kernel (EEVDF)
 * may first let the worker finish its time slice, a few milliseconds per wake-up of sign-in.
 */
function idleSchedulerCommand(): string | null {
  if (idleScheduler !== undefined) return idleScheduler;
  idleScheduler = null;
  if (process.platform === 'linux') {
    for (const candidate of ['/usr/bin/chrt', '/bin/chrt']) {
      if (existsSync(candidate) && spawnSync(candidate, ['--idle', '0', 'true'], { stdio: 'ignore', timeout: 5_000 }).status === 0) {
        idleScheduler = candidate;
        break;
      }
    }
  }
  return idleScheduler;
}

interface Job {
  resolve(value: EncodedImage): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  jobs: Map<number, Job>;
  ready: Promise<void>;
  exited: Promise<void>;
}

/**
 * One long-lived worker process, started on the first encode and again on the first encode after
 * it ended. When it ends with encodes in work, those encodes reject with ImageWorkerExitedError.
 * While no encode is in work it does not keep the server's process alive. The queue (how many
 * images at once, how many may wait) is the caller's: see createImageProcessor.
 */
export function createImageWorkerProcess(options: { concurrency: number; onExit?: (exit: ImageWorkerExit) => void }): ImageWorkerProcess {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 1;

  function start(): Worker {
    const { file, execArgv } = workerEntry();
    // Through chrt when it can: `chrt --idle 0 node <execArgv> <file>`, the same process (chrt
    // execs node), keeping the IPC channel.
    const chrt = idleSchedulerCommand();
    const child = fork(file, [], {
      ...(chrt ? { execPath: chrt, execArgv: ['--idle', '0', process.execPath, ...execArgv] } : { execArgv }),
      // libuv's pool is where sharp runs: as many threads as images may be in work at once.
      env: { ...process.env, UV_THREADPOOL_SIZE: String(options.concurrency) },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const jobs = new Map<number, Job>();
    // The worker lowers all its threads itself; this covers its first moments.
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, IMAGE_WORKER_NICE);
      } catch {
        // it may already have ended; its 'exit' says so
      }
    }
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let markExited!: () => void;
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    const self: Worker = { child, jobs, ready, exited };

    child.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        markReady();
        return;
      }
      const job = jobs.get(message.id);
      if (!job) return;
      jobs.delete(message.id);
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve({ large: toBuffer(message.large), thumb: toBuffer(message.thumb) });
      idleUnlessBusy(self);
    });
    let ended = false;
    const end = (detail: string, code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      if (worker === self) worker = undefined;
      const inFlight = jobs.size;
      for (const job of jobs.values()) job.reject(new ImageWorkerExitedError(detail));
      jobs.clear();
      markExited();
      if (!closed) options.onExit?.({ pid: child.pid, code, signal, inFlight });
    };
    child.on('exit', (code, signal) => end(signal ? `signal ${signal}` : `exit code ${code}`, code, signal));
    // Spawning failed (no 'exit' follows then); a running worker is stopped so it cannot linger.
    child.on('error', (error) => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) child.kill('SIGKILL');
      end(error.message, null, null);
    });
    return self;
  }

  function toBuffer(bytes: Uint8Array): Buffer {
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** An idle worker neither holds the event loop open nor is waited for. */
  function idleUnlessBusy(w: Worker): void {
    if (w.jobs.size > 0) {
      w.child.ref();
      w.child.channel?.ref();
    } else {
      w.child.unref();
      w.child.channel?.unref();
    }
  }

  return {
    async encode(input) {
      if (closed) throw new ImageWorkerExitedError('the server is shutting down');
      const w = (worker ??= start());
      const id = nextId++;
      const result = new Promise<EncodedImage>((resolve, reject) => w.jobs.set(id, { resolve, reject }));
      // It may reject while the worker is still starting, before this function returns it.
      result.catch(() => {});
      idleUnlessBusy(w);
      // Before 'ready' the worker has no listener yet and would drop the message.
      await Promise.race([w.ready, w.exited]);
      if (w.jobs.has(id)) {
        const request: EncodeRequest = { id, input };
        w.child.send(request, (error) => {
          if (!error) return;
          const job = w.jobs.get(id);
          w.jobs.delete(id);
          job?.reject(new ImageWorkerExitedError(error.message));
          idleUnlessBusy(w);
        });
      }
      return result;
    },
    pid: () => worker?.child.pid,
    async close() {
      closed = true;
      const w = worker;
      if (!w) return;
      // Waited for: an idle worker is unref'd, and its exit must still be seen.
      w.child.ref();
      if (w.child.exitCode === null && w.child.signalCode === null && w.child.pid !== undefined) {
        try {
          process.kill(w.child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await w.exited;
    },
  };
}
