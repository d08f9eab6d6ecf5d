import { options } from 'preact';

/**
 * Gives Preact React's order for effects: the effects of a commit run before anything renders
 * again. Preact runs them after the next frame, while an update asked for during a commit (a
 * ref callback's setState) renders at once, before its children's effects. Radix relies on
 * React's order: its dialogs and menus release the page (aria-hidden, pointer-events) in effect
 * cleanups, and its collections (menu items) register in effects.
 *
 * So the effects due are run at the end of every commit (after refs and layout effects, as React
 * does after a discrete update), and, for effects queued otherwise, before a batch of renders.
 */
type Commit = (vnode: unknown, commitQueue: unknown[]) => void;
/** `options._commit` under its published mangled name (as preact/debug and devtools hook it). */
const hooks = options as typeof options & { __c?: Commit };

let pendingEffects: (() => void) | undefined;

/** Runs the effects Preact has queued, if any (the web tests' act calls it too). */
export function runPendingEffects(): void {
  const flush = pendingEffects;
  pendingEffects = undefined;
  flush?.();
}

let installed = false;

export function flushEffectsBeforeRender(): void {
  if (installed) return;
  installed = true;
  options.requestAnimationFrame = (flush: () => void) => {
    pendingEffects = flush;
    // Preact's own fallback: after the next frame, or 35 ms when no frame comes (a background tab).
    // Frames may be missing: a test's window can be gone by the time the timer fires.
    const done = () => {
      clearTimeout(timeout);
      if (frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
      setTimeout(runPendingEffects);
    };
    const timeout = setTimeout(done, 35);
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(done) : undefined;
  };
  const commit = hooks.__c;
  hooks.__c = (vnode, commitQueue) => {
    commit?.(vnode, commitQueue);
    runPendingEffects();
  };
  options.debounceRendering = (render: () => void) => {
    void Promise.resolve().then(() => {
      runPendingEffects();
      render();
    });
  };
}
