import { useEffect } from 'react';

/**
 * The tab's live hub (lib/live-hub.ts) while `userId` is signed in, its code loaded only then: a
 * visitor's page never loads it, and it stays out of every page's first load.
 */
export function useLiveHubWhenSignedIn(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    let stop: (() => void) | undefined;
    void import('./live-hub').then(({ startLiveHub }) => {
      if (isCurrent) stop = startLiveHub();
    });
    return () => {
      isCurrent = false;
      stop?.();
    };
  }, [userId]);
}
