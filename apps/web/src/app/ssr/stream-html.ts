import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';

/**
 * React's streaming renderer, the two ways the server uses it (ADR 016):
 * - `renderToHtml`: the finished page once every boundary is ready, in document order and with no
 *   script (the page cache, crawlers);
 * - `streamHtml`: the shell as soon as it is ready (the header, the page's heading and what its
 *   prefetched data shows), then each boundary still waiting (a region whose data or code is
 *   slower) as it completes: its markup in a hidden element and React's inline script, carrying
 *   `nonce`, that moves it into place.
 */

/** Nothing should wait this long: the parts still pending are left to the browser rather than holding the response. */
export const RENDER_TIMEOUT_MS = 10_000;

// Every boundary that is finished when React writes goes in place, in document order: React would
// otherwise move a large finished one to the end with an inline script to swap it in.
const IN_ORDER = Number.POSITIVE_INFINITY;

function onPartError(error: unknown) {
  // A part that failed after the shell renders in the browser instead; the page still goes out.
  console.warn('server rendering: a part of the page failed and will render in the browser', error);
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The whole markup once every part of it is ready; an error in the shell rejects. */
export function renderToHtml(element: ReactNode, timeoutMs = RENDER_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const timeout = setTimeout(() => stream.abort(new Error('server rendering took too long')), timeoutMs);
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: IN_ORDER,
      onAllReady: () => {
        clearTimeout(timeout);
        if (!failed) stream.pipe(sink);
      },
      onShellError: (error) => {
        clearTimeout(timeout);
        failed = true;
        reject(asError(error));
      },
      onError: onPartError,
    });
  });
}

export interface StreamedHtml {
  /** What React had ready with the shell: the page's frame and every boundary already finished, in place. */
  shell: string;
  /** The boundaries that were still waiting, each as it completes (markup and its inline script); ends when all are in. */
  rest: AsyncIterable<string>;
}

/**
 * The shell as soon as it is ready, then the rest as it completes. The shell's inline scripts (none
 * when nothing waited) and the later ones carry `nonce`, which the response's
 * Content-Security-Policy must allow.
 */
export function streamHtml(element: ReactNode, options: { nonce: string; timeoutMs?: number }): Promise<StreamedHtml> {
  return new Promise((resolve, reject) => {
    const queue = new PieceQueue();
    let shell: string[] | undefined = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        if (shell) shell.push(text);
        else queue.push(text);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        queue.end();
        done();
      },
    });
    const timeout = setTimeout(() => stream.abort(new Error('server rendering took too long')), options.timeoutMs ?? RENDER_TIMEOUT_MS);
    const stream: PipeableStream = renderToPipeableStream(element, {
      nonce: options.nonce,
      progressiveChunkSize: IN_ORDER,
      onShellReady: () => {
        // React writes everything it has ready synchronously while piping: that is the shell.
        stream.pipe(sink);
        const ready = (shell ?? []).join('');
        shell = undefined;
        resolve({ shell: ready, rest: queue });
      },
      onShellError: (error) => {
        clearTimeout(timeout);
        reject(asError(error));
      },
      onError: onPartError,
    });
  });
}

/** Pieces of markup written after the shell, read once, in order, as they come. */
class PieceQueue implements AsyncIterable<string> {
  private pieces: string[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  push(piece: string) {
    this.pieces.push(piece);
    this.wake?.();
  }

  end() {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this.pieces.length > 0) {
        const pieces = this.pieces;
        this.pieces = [];
        yield pieces.join('');
      } else if (this.ended) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    }
  }
}
