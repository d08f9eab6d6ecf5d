import { lazy, memo, Suspense, use, type ComponentType, type ReactNode } from 'react';

/**
 * A secondary region of a page (the footer, home's recent listings, a vehicle's reviews) whose code
 * is its own chunk, behind its own Suspense boundary. The server renders it in full (the renderer
 * waits for every boundary), so the HTML and a reader without JavaScript get the whole page; in the
 * browser the page hydrates without it and the region hydrates on its own once its chunk is in
 * (React's selective hydration; a tap inside it hydrates it first). Rendered without server markup,
 * it shows `fallback` until its chunk is in.
 *
 * Memoized: a region that has not hydrated yet must not receive new props (React would give up its
 * server markup and render it afresh), so its parent's re-renders stop here unless its props change.
 */
export function lazyRegion<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);
  // The server loads the region's code with the screen's, and renders it at once when it is in:
  // React.lazy suspends at least once, which would stream the region after the shell (ADR 016).
  // Settles (never rejects) once the code is in or failed to load.
  const codeSettled = import.meta.env.SSR ? preload().then(noop, noop) : undefined;
  let isSettled = false;
  void codeSettled?.then(() => (isSettled = true));
  const Region = memo(function Region(props: Props) {
    // On the server the region waits for its code outside its own boundary, so the page's shell
    // waits the moments the code takes to load from the server's disk: suspended inside, the region
    // streamed after the shell on a page's first visit (its code not loaded yet), and a phone
    // painted its empty fallback first and then moved everything below it when it came (the
    // listing's 'Where': Lighthouse CLS 0.16 on a fresh server). Data a region waits for still streams.
    if (import.meta.env.SSR && !loaded && !isSettled && codeSettled) use(codeSettled);
    const Component = import.meta.env.SSR && loaded ? loaded : Lazy;
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  });
  return Object.assign(Region as unknown as ComponentType<Props>, { preload });
}

function noop(): void {}
