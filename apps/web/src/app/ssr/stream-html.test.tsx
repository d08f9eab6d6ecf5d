// @vitest-environment node
import { dehydrate, QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToHtml, streamHtml } from './stream-html';

const SLOW_MS = 400;

/** A test-only region whose query answers late, like reviews or facet counts on a slow database. */
function SlowReviews() {
  const { data } = useSuspenseQuery({
    queryKey: ['slow-reviews'],
    queryFn: () => new Promise<string[]>((resolve) => setTimeout(() => resolve(['Spotless car', 'Friendly owner']), SLOW_MS)),
  });
  return (
    <ul>
      {data.map((review) => (
        <li key={review}>{review}</li>
      ))}
    </ul>
  );
}

function Page({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <header>RentDrive</header>
      <main>
        <h1>Audi Q5</h1>
        <img src="/photo.webp" alt="Audi Q5, image 1 of 2" />
        <Suspense fallback={<p>Loading reviews</p>}>
          <SlowReviews />
        </Suspense>
      </main>
    </QueryClientProvider>
  );
}

describe('streaming a page', () => {
  it('sends the shell before a slow region, then the region with a script carrying the nonce', async () => {
    const client = new QueryClient();
    const started = performance.now();
    const { shell, rest } = await streamHtml(<Page client={client} />, { nonce: 'test-nonce' });
    const shellAfter = performance.now() - started;

    // The heading and the largest image are out long before the slow query answers; the region waits.
    expect(shellAfter).toBeLessThan(SLOW_MS / 2);
    expect(shell).toContain('<h1>Audi Q5</h1>');
    expect(shell).toContain('alt="Audi Q5, image 1 of 2"');
    expect(shell).toContain('Loading reviews');
    expect(shell).not.toContain('Spotless car');

    const pieces: string[] = [];
    for await (const piece of rest) pieces.push(piece);
    const later = pieces.join('');
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 20);
    expect(later).toContain('<li>Spotless car</li>');
    // React's script that moves the region into place; the Content-Security-Policy allows it by its nonce.
    expect(later).toMatch(/<script nonce="test-nonce"/);
    expect(later).not.toMatch(/<script(?![^>]*nonce="test-nonce")[^>]*>/);
    // The data block written after the stream has the region's data: the browser does not fetch it again.
    expect(dehydrate(client).queries.map((query) => query.state.data)).toEqual([['Spotless car', 'Friendly owner']]);
  });

  it('renders the finished page in document order without scripts (the page cache, crawlers)', async () => {
    const html = await renderToHtml(<Page client={new QueryClient()} />);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Loading reviews');
    const heading = html.indexOf('<h1>Audi Q5</h1>');
    const review = html.indexOf('<li>Spotless car</li>');
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(review).toBeGreaterThan(heading);
    expect(html.indexOf('</main>')).toBeGreaterThan(review);
  });

  it('sends a page with nothing to wait for whole, in order and without scripts', async () => {
    const client = new QueryClient();
    client.setQueryData(['slow-reviews'], ['Spotless car']);
    const { shell, rest } = await streamHtml(<Page client={client} />, { nonce: 'test-nonce' });
    const pieces: string[] = [];
    for await (const piece of rest) pieces.push(piece);
    expect(shell).toContain('<li>Spotless car</li>');
    expect(shell).not.toContain('<script');
    expect(pieces.join('')).toBe('');
  });
});
