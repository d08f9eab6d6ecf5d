import { createContext, memo, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { lazyRegion } from './lazy-region';

/**
 * One region's server markup in the browser until its code is in and it has hydrated. React hydrates
 * a region first when something happens in it (selective hydration), but it cannot before the
 * region's chunk has arrived, and then it drops a click there (React replays only hover and focus,
 * not clicks: a 'Show map' clicked then did nothing, e2e/streaming.spec.ts). So a click inside it is held (its default
 * action too: a checkbox does not tick behind React's back) and given again, as it was, once the
 * region has hydrated; pressing or focusing inside it starts loading its chunk.
 */
class HeldClicks {
  private element: HTMLElement | null = null;
  private isHydrated = false;
  private held: { target: EventTarget; event: MouseEvent }[] = [];

  constructor(private readonly preload: () => Promise<unknown>) {}

  attach(element: HTMLElement | null) {
    this.element = element;
    if (element) watched.add(this);
    else watched.delete(this);
    listenOnce();
  }

  /** Whether `target` is in this region's markup while it still waits to hydrate. */
  contains(target: EventTarget | null): boolean {
    return !this.isHydrated && this.element !== null && target instanceof Node && this.element.contains(target);
  }

  /** Whether `other` region sits inside this one. */
  encloses(other: HeldClicks): boolean {
    return this !== other && this.element !== null && other.element !== null && this.element.contains(other.element);
  }

  hold(event: MouseEvent) {
    if (event.target) this.held.push({ target: event.target, event });
    this.start();
  }

  start() {
    void this.preload().catch(() => undefined);
  }

  /** The region's content has committed: its handlers are React's now. */
  hydrated() {
    this.isHydrated = true;
    const held = this.held.splice(0);
    for (const { target, event } of held) {
      if (target instanceof Node && target.isConnected) target.dispatchEvent(new MouseEvent('click', event));
    }
  }
}

const watched = new Set<HeldClicks>();
let listening = false;

/** The innermost watched region around the event's target, if it has not hydrated yet. */
function regionOf(event: Event): HeldClicks | undefined {
  let found: HeldClicks | undefined;
  for (const region of watched) if (region.contains(event.target) && (!found || found.encloses(region))) found = region;
  return found;
}

function listenOnce() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  // On the document, in the capture phase: before React's own listener on the root sees the click.
  document.addEventListener(
    'click',
    (event) => {
      const region = regionOf(event);
      if (!region) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      region.hold(event);
    },
    true,
  );
  const start = (event: Event) => regionOf(event)?.start();
  document.addEventListener('pointerdown', start, { capture: true, passive: true });
  document.addEventListener('focusin', start, true);
}

const Held = createContext<HeldClicks | null>(null);

/** Inside the region's boundary: its effect runs once the region has hydrated (or rendered). */
function Hydrated({ children }: { children: ReactNode }) {
  const held = useContext(Held);
  useEffect(() => {
    held?.hydrated();
  }, [held]);
  return children;
}

/**
 * `lazyRegion` for a region with controls a visitor may use before its code is in: rendered in a
 * `<div className={className}>` (the element the clicks are held for, a block around the region's
 * own), a click in its server markup before it has hydrated is not lost but given again once it has.
 */
export function lazyRegionKeepingClicks<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  className?: string,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const Region = lazyRegion(
    () =>
      load().then((Component) => {
        function WithHydrated(props: Props) {
          return (
            <Hydrated>
              <Component {...props} />
            </Hydrated>
          );
        }
        return WithHydrated;
      }),
    fallback,
  );
  return memo(function KeepingClicks(props: Props) {
    // The same object for the region's life: a new context value would reach the region before it hydrates.
    const [held] = useState(() => new HeldClicks(Region.preload));
    const [attach] = useState(() => (element: HTMLElement | null) => held.attach(element));
    return (
      <div className={className} ref={attach}>
        <Held value={held}>
          <Region {...props} />
        </Held>
      </div>
    );
  });
}
