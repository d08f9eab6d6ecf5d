import { options } from 'preact';
import { runPendingEffects } from '../lib/flush-effects-before-render';

/**
 * `act` for the web tests, standing in for preact/test-utils' (an alias in vitest.config.ts, so
 * Testing Library uses it): runs the callback, then renders and runs effects until nothing is
 * left. It keeps the app's effect order (lib/flush-effects-before-render.ts, set up in setup.ts),
 * where Preact's own act would run every render first and effects last.
 */
let depth = 0;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value != null && typeof (value as PromiseLike<unknown>).then === 'function';

export function act(callback: () => unknown): Promise<void> {
  if (depth > 0) {
    // The outermost act flushes.
    const result = callback();
    return isThenable(result) ? Promise.resolve(result).then(() => undefined) : Promise.resolve();
  }
  depth++;
  const previousDebounce = (options as { debounceRendering?: (render: () => void) => void }).debounceRendering;
  let renders: (() => void)[] = [];
  options.debounceRendering = (render) => void renders.push(render);

  const finish = () => {
    try {
      runPendingEffects();
      while (renders.length) {
        const due = renders;
        renders = [];
        for (const render of due) render();
        runPendingEffects();
      }
    } finally {
      options.debounceRendering = previousDebounce;
      depth--;
    }
  };

  let result: unknown;
  try {
    result = callback();
  } catch (error) {
    finish();
    throw error;
  }
  if (isThenable(result)) {
    return Promise.resolve(result).then(
      () => finish(),
      (error: unknown) => {
        finish();
        throw error;
      },
    );
  }
  finish();
  return Promise.resolve();
}

export function setupRerender(): () => void {
  return () => undefined;
}

export function teardown(): void {}
