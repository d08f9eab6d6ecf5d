import { PassThrough } from 'node:stream';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRegion } from './lazy-region';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What the server sends first (the shell), as a browser's streamed visit gets it. */
function shellOf(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onShellReady() {
        const out = new PassThrough();
        let text = '';
        out.on('data', (chunk: Buffer) => (text += chunk.toString()));
        pipe(out);
        // The shell is written synchronously by pipe; what follows later is not part of it.
        resolve(text);
      },
      onShellError: reject,
      // A region whose code failed is rendered by the browser (React reports it here).
      onError: () => undefined,
    });
  });
}

describe('a lazy region on the server', () => {
  it("is in the page's shell even when its code is still loading: the shell waits for the code rather than streaming the region after it", async () => {
    vi.stubEnv('SSR', true);
    let arrive!: (component: ComponentType<{ label: string }>) => void;
    const Region = lazyRegion(() => new Promise<ComponentType<{ label: string }>>((resolve) => (arrive = resolve)), <p>Loading</p>);
    setTimeout(() => arrive(({ label }) => <p>{label}</p>), 20);

    const shell = await shellOf(
      <main>
        <Region label="Where" />
        <p>Results</p>
      </main>,
    );

    expect(shell).toContain('<p>Where</p>');
    expect(shell).not.toContain('Loading');
    expect(shell.indexOf('Where')).toBeLessThan(shell.indexOf('Results'));
  });

  it('whose code fails to load leaves the page to render and the region to the browser', async () => {
    vi.stubEnv('SSR', true);
    const Region = lazyRegion<object>(() => Promise.reject(new Error('chunk gone')), <p>Loading</p>);
    const shell = await shellOf(
      <main>
        <Region />
        <p>Results</p>
      </main>,
    );
    expect(shell).toContain('Results');
  });
});
