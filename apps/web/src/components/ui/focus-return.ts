/**
 * Where focus goes when a dialog closes. Usually back to the control that opened it; but that
 * control is often gone or changed by then (Confirm Rental becomes Leave a Review, a deleted row
 * disappears, a list refetches and re-renders), and a browser whose focused element is removed puts
 * focus on <body>, so a keyboard user starts over from the top of the page.
 */

export interface FocusReturn {
  opener: HTMLElement | null;
  /** The opener's ancestors, nearest first, recorded while it was attached. */
  ancestors: HTMLElement[];
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';
/** Rows and cards are found within a few levels; further up, the first control would be unrelated. */
const ANCESTOR_LEVELS = 4;
/** Long enough for the refetch that follows an action to re-render the list. */
const WATCH_MS = 4000;

/** The returns of the dialogs open now, the newest last. */
const openReturns: FocusReturn[] = [];
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

function isUsable(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if (element.matches(':disabled') || element.closest('[inert]')) return false;
  // getClientRects is empty for display:none (and always in jsdom, which has no layout: trust it there).
  return element.getClientRects().length > 0 || navigator.userAgent.includes('jsdom');
}

function firstFocusableIn(container: HTMLElement): HTMLElement | null {
  for (const candidate of container.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (candidate.getAttribute('tabindex') === '-1') continue;
    if (isUsable(candidate)) return candidate;
  }
  return null;
}

/** The control that opens a dialog: the focused one, or the trigger of the menu it sits in. */
export function captureFocusReturn(): FocusReturn {
  let active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const menu = active?.closest('[role="menu"]');
  const trigger = menu?.getAttribute('aria-labelledby');
  if (trigger) active = document.getElementById(trigger) ?? active;
  // Opened from inside another dialog that is closing (an error after a confirmation): share where
  // that one goes back to.
  const inDialog = !active || active === document.body || active.closest('[role="dialog"], [role="alertdialog"]');
  const shared = inDialog ? openReturns[openReturns.length - 1] : undefined;
  const focusReturn = shared ?? captureFromElement(active);
  openReturns.push(focusReturn);
  return focusReturn;
}

function resolveTarget(focusReturn: FocusReturn, fallback?: () => HTMLElement | null | undefined): HTMLElement | null {
  if (isUsable(focusReturn.opener)) return focusReturn.opener;
  const chosen = fallback?.();
  if (isUsable(chosen)) return chosen;
  for (const ancestor of focusReturn.ancestors) {
    if (!ancestor.isConnected) continue;
    const inside = firstFocusableIn(ancestor);
    if (inside) return inside;
  }
  // The page's content start (a tabindex=-1 landmark): Tab goes on from the page, not the header.
  return document.getElementById('content');
}

let stopWatching: (() => void) | null = null;

/**
 * Focuses the opener (or, when it is gone or disabled, the caller's fallback, the first control of
 * its row or card, or the page content), and for a few seconds puts focus back there if a re-render
 * drops it on <body>. Any key press or pointer press of the user ends that watch.
 */
export function returnFocus(focusReturn: FocusReturn, fallback?: () => HTMLElement | null | undefined): void {
  const index = openReturns.lastIndexOf(focusReturn);
  if (index >= 0) openReturns.splice(index, 1);
  // Another dialog took over (it shares this return when it was opened from this one): it puts
  // focus back when it closes; focusing outside it now would only fight its focus trap.
  if (document.querySelector(OPEN_DIALOG)) return;
  stopWatching?.();
  const focusNow = () => {
    const target = resolveTarget(focusReturn, fallback);
    if (!target) return;
    target.focus({ preventScroll: !isOutOfView(target) });
    // Follow the element focused now: if it goes too, its own row is the place to look.
    if (target !== focusReturn.opener && target.id !== 'content') {
      const next = captureFromElement(target);
      focusReturn.opener = next.opener;
      focusReturn.ancestors = next.ancestors.length ? next.ancestors : focusReturn.ancestors;
    }
  };
  focusNow();
  const lost = () => !document.activeElement || document.activeElement === document.body;
  const observer = new MutationObserver(() => {
    if (lost()) focusNow();
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  const timer = window.setTimeout(stop, WATCH_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
    if (stopWatching === stop) stopWatching = null;
  }
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  stopWatching = stop;
}

function captureFromElement(element: HTMLElement | null): FocusReturn {
  const ancestors: HTMLElement[] = [];
  for (
    let node = element?.parentElement ?? null;
    node && node !== document.body && ancestors.length < ANCESTOR_LEVELS;
    node = node.parentElement
  ) {
    ancestors.push(node);
  }
  return { opener: element, ancestors };
}

function isOutOfView(element: HTMLElement): boolean {
  const rect = element.getBoundingClientRect();
  return rect.bottom < 0 || rect.top > window.innerHeight;
}
