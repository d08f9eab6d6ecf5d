import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the browser window matches a CSS media query, kept current as the window changes.
 * `onServer` is the answer while rendering on the server and where the browser has no
 * `matchMedia` (the unit tests' DOM), so the markup there includes what the query guards.
 */
export function useMediaQuery(query: string, onServer: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : onServer),
    () => onServer,
  );
}
