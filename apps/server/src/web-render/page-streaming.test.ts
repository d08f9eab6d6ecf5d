import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageServer } from './page-server';

const SLOW_MS = 600;

/**
 * A renderer build standing in for apps/web's: its page has a shell ready at once and a region
 * whose (test-only) query answers after SLOW_MS; the finished page has the region in place.
 */
const RENDERER = `
const SLOW_MS = ${SLOW_MS};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const page = { status: 200, head: '<title>Audi Q5</title>', locale: 'en', modules: [] };
const shell = '<header>RentDrive</header><main><h1>Audi Q5</h1><!--$?--><template id="B:0"></template><p>Loading reviews</p><!--/$--></main>';
const region = '<div hidden id="S:0"><ul><li>Spotless car</li></ul></div>';
export async function createRenderer() {
  globalThis.renders = { whole: 0, streamed: 0 };
  const render = async () => {
    globalThis.renders.whole++;
    await sleep(SLOW_MS);
    return { ...page, html: '<header>RentDrive</header><main><h1>Audi Q5</h1><ul><li>Spotless car</li></ul></main>', stateScript: '<script type="application/json" id="page-state">{"queries":[1]}</script>' };
  };
  return Object.assign(render, {
    async stream(url, origin, { nonce }) {
      globalThis.renders.streamed++;
      if (url.includes('quick')) {
        // Nothing waits: the shell is the finished page.
        async function* none() {}
        return {
          ...page,
          shell: '<main><h1>Quick</h1></main>',
          rest: none(),
          stateScript: () => '<script type="application/json" id="page-state">{"queries":[3]}</script>',
          whole: async () => { throw new Error('rendered again'); },
        };
      }
      async function* rest() {
        await sleep(SLOW_MS);
        yield region + '<script nonce="' + nonce + '">$RC("B:0","S:0")</script>';
      }
      return {
        ...page,
        shell,
        rest: rest(),
        stateScript: () => '<script type="application/json" id="page-state">{"queries":[1,2]}</script>',
        whole: async () => ({ ...page, html: '<header>RentDrive</header><main><h1>Audi Q5</h1><ul><li>Spotless car</li></ul></main>', stateScript: '<script type="application/json" id="page-state">{"queries":[1,2]}</script>' }),
      };
    },
  });
}
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>RentDrive</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

interface Timed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Each piece of the body with the milliseconds since the request was sent. */
  pieces: { at: number; text: string }[];
  body: string;
}

function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest({ host: '127.0.0.1', port, path: url, headers: { accept: 'text/html', ...headers } }, (response) => {
      const pieces: { at: number; text: string }[] = [];
      response.setEncoding('utf8');
      response.on('data', (text: string) => pieces.push({ at: performance.now() - started, text }));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, pieces, body: pieces.map((p) => p.text).join('') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a page streamed to a browser (ADR 016)', () => {
  let dir: string;
  let app: FastifyInstance;
  let port: number;
  const renders = () => (globalThis as unknown as { renders: { whole: number; streamed: number } }).renders;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-streaming-'));
    const distDir = path.join(dir, 'web');
    const ssrDir = path.join(dir, 'web-ssr');
    for (const [folder, file, text] of [
      [distDir, 'index.html', INDEX_HTML],
      [ssrDir, 'entry-server.js', RENDERER],
      [ssrDir, 'package.json', '{ "type": "module" }'],
    ] as const) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, file), text);
    }
    app = Fastify();
    // As @fastify/helmet sets it (plugins/security.ts): inline scripts are not allowed.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'self';script-src 'self';object-src 'none'");
    });
    const pages = await createPageServer(app, { distDir, ssrDir, productName: 'RentDrive', listingsVersion: async () => 1 });
    app.get('/*', (request, reply) => pages.send(request, reply));
    await app.listen({ host: '127.0.0.1', port: Number(process.env.PAGE_STREAMING_TEST_PORT ?? 0) });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the head and the shell before the slow region, then the region, the data block and the end', async () => {
    const response = await get(port, '/api/vehicle/1', { 'user-agent': 'Mozilla/5.0 Chrome/131' });
    expect(response.status).toBe(200);
    const first = response.pieces[0]!;
    expect(first.at).toBeLessThan(SLOW_MS * 0.75);
    expect(first.text).toContain('<title>Audi Q5</title>');
    expect(first.text).toContain('<h1>Audi Q5</h1>');
    expect(first.text).not.toContain('Spotless car');
    expect(response.pieces.at(-1)!.at).toBeGreaterThanOrEqual(SLOW_MS - 20);

    // The finished HTML has the region (after #root, moved in by React's script), then the data block.
    const { body } = response;
    const rootEnd = body.indexOf('</main></div>');
    expect(rootEnd).toBeGreaterThan(0);
    expect(body.indexOf('<li>Spotless car</li>')).toBeGreaterThan(rootEnd);
    expect(body.indexOf('id="page-state">{"queries":[1,2]}')).toBeGreaterThan(body.indexOf('<li>Spotless car</li>'));
    expect(body.trimEnd().endsWith('</html>')).toBe(true);
    // Readable without JavaScript: the streamed region is shown where it is.
    expect(body).toContain('<noscript><style>@layer streamed-regions { body > div[hidden][id^="S:"] { display: block !important; } }');

    // Only this response's nonce lets React's script run.
    const nonce = /<script nonce="([^"]+)"/.exec(body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers['content-security-policy']).toBe(`default-src 'self';script-src 'self' 'nonce-${nonce}';object-src 'none'`);
    expect(response.headers.etag).toBeUndefined();
  });

  it('gives the next visitor the finished page from the cache: in document order, no script, no nonce', async () => {
    // The finished page is cached right after the stream ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = { ...renders() };
    const started = performance.now();
    const response = await get(port, '/api/vehicle/1', { 'user-agent': 'Mozilla/5.0 Chrome/131' });
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
    expect(renders()).toEqual(before);
    expect(response.body).toContain('<h1>Audi Q5</h1><ul><li>Spotless car</li></ul></main></div><script type="application/json"');
    expect(response.body).not.toMatch(/<script nonce/);
    expect(response.headers['content-security-policy']).toBe("default-src 'self';script-src 'self';object-src 'none'");
    expect(response.headers.etag).toBeTruthy();
  });

  it('caches a page whose shell had everything as it was sent, without rendering it again', async () => {
    const first = await get(port, '/quick', { 'user-agent': 'Chrome' });
    expect(first.body).toContain(
      '<div id="root"><main><h1>Quick</h1></main></div><script type="application/json" id="page-state">{"queries":[3]}',
    );
    expect(first.body).not.toContain('<noscript>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = { ...renders() };
    const again = await get(port, '/quick', { 'user-agent': 'Chrome' });
    expect(renders()).toEqual(before);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBeTruthy();
  });

  it('sends a crawler the finished page whole, never a streamed one', async () => {
    const response = await get(port, '/listing?type=Car', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(response.body).toContain('<h1>Audi Q5</h1><ul><li>Spotless car</li></ul></main></div>');
    expect(response.body).not.toContain('<script nonce');
    expect(response.body).not.toContain('Loading reviews');
  });

  it('keeps streaming through gzip: the shell arrives compressed before the region', async () => {
    const started = performance.now();
    const chunks: { at: number; bytes: Buffer }[] = [];
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/?gzip', headers: { accept: 'text/html', 'accept-encoding': 'gzip', 'user-agent': 'Chrome' } },
        (response) => {
          response.on('data', (bytes: Buffer) => chunks.push({ at: performance.now() - started, bytes }));
          response.on('end', () => resolve(response.headers));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(headers['content-encoding']).toBe('gzip');
    expect(chunks[0]!.at).toBeLessThan(SLOW_MS * 0.75);
    const whole = gunzipSync(Buffer.concat(chunks.map((c) => c.bytes))).toString('utf8');
    expect(whole).toContain('<h1>Audi Q5</h1>');
    expect(whole).toContain('<li>Spotless car</li>');
  });
});
