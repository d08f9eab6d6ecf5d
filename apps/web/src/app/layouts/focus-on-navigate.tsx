import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { splitLocalePath } from '@rentdrive/contracts/web-paths';

/** How long a new page may take to show its heading (its data loading) before focus goes to the content. */
const HEADING_WAIT_MS = 3000;

function focusHeading(content: HTMLElement): boolean {
  const heading = content.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  // Focusable from script only: not a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * The page focus was last placed for. Module-wide: a language switch mounts the app afresh on the
 * same page, which is not a navigation.
 */
let handledPath: string | undefined;

/**
 * The path (without its language prefix) of the page the visit began on: the document's own load in
 * the browser's navigation timing. This code comes after hydration, so a click made before it is in
 * (a slow phone, a quick visitor) has already changed the page by the time it looks.
 */
function firstPagePath(): string {
  const [load] = performance.getEntriesByType('navigation');
  return splitLocalePath(new URL(load?.name ?? window.location.href).pathname).path;
}

/**
 * After a client-side navigation to another page (its path, not its query: the listing's filters
 * stay where they are), focus moves to the new page's heading, so a screen reader announces the new
 * page and Tab continues from there, rather than from <body> (issue 29). A page whose heading comes
 * with its data gets it when it appears; without one, the content region takes the focus. The first
 * page of a visit keeps the browser's own start, and a field that focused itself (autofocus) keeps it.
 * Mounted after hydration, it counts from the page the visit began on: a navigation made before its
 * code came in still moves the focus.
 */
export function FocusOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    handledPath ??= firstPagePath();
    if (handledPath === pathname) return;
    handledPath = pathname;
    const content = document.getElementById('content');
    if (!content) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && content.contains(active) && active.matches('input, textarea, select')) return;
    if (focusHeading(content)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(content)) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      if (document.activeElement === document.body || !document.activeElement) content.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(content, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
