import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false on the server and while React hydrates server markup, true afterwards (and at once in a
 * page the browser renders alone). Parts that depend on the browser (today's date in its zone) or
 * load their own chunk render only once it is true, so hydration never meets them half-loaded.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
