import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../web/vite-precompress';
import { createUser, createVehicle, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  gzip: (bytes) => zlib.gunzipSync(bytes),
};

let webDir: string;
let testApp: TestApp;
let script: Buffer;

/** A small built app: an entry script and a stylesheet well above the threshold, and the index page. */
async function buildFixture(dir: string): Promise<void> {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const lines = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`item number ${i}`)};`);
  writeFileSync(path.join(dir, 'assets', 'index-abcd1234.js'), lines.join('\n'));
  writeFileSync(path.join(dir, 'assets', 'index-abcd1234.css'), '.card{display:flex;gap:1rem}\n'.repeat(100));
  writeFileSync(path.join(dir, 'assets', 'tiny-abcd1234.js'), 'export {};');
  const body = Array.from({ length: 60 }, (_, i) => `<p>RentDrive paragraph ${i}</p>`).join('');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>RentDrive</title><script type="module" src="/assets/index-abcd1234.js"></script></head><body><div id="root"></div>${body}</body></html>`,
  );
  // The build's own step writes the .br and .gz copies.
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string } }): void;
    closeBundle(): Promise<void>;
  };
  plugin.configResolved({ root: dir, build: { outDir: dir } });
  await plugin.closeBundle();
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-web-'));
  await buildFixture(webDir);
  script = readFileSync(path.join(webDir, 'assets', 'index-abcd1234.js'));
  testApp = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await testApp?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The app listening on a free port (once), for what only a real socket shows. */
async function listening(): Promise<string> {
  if (!testApp.app.server.listening) await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

async function get(url: string, headers: Record<string, string>) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { response, bytes: response.rawPayload };
}

describe('the build step', () => {
  it('writes Brotli and gzip copies that decode to the file, and none for files too small to gain', () => {
    const assets = path.join(webDir, 'assets');
    expect(decoders.br!(readFileSync(path.join(assets, 'index-abcd1234.js.br')))).toEqual(script);
    expect(decoders.gzip!(readFileSync(path.join(assets, 'index-abcd1234.js.gz')))).toEqual(script);
    expect(() => readFileSync(path.join(assets, 'tiny-abcd1234.js.br'))).toThrow();
  });
});

describe('compressed responses', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`sends a built script pre-compressed as ${encoding}, decoding to the same bytes`, async () => {
      const { response, bytes } = await get('/assets/index-abcd1234.js', { 'accept-encoding': `${encoding}, identity` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(bytes.length).toBeLessThan(script.length / 3);
      expect(decoders[encoding]!(bytes)).toEqual(script);
    });

    it(`compresses the app's HTML page as ${encoding}`, async () => {
      const plain = await get('/listing', { accept: 'text/html' });
      const { response, bytes } = await get('/listing', { accept: 'text/html', 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(decoders[encoding]!(bytes).toString('utf8')).toBe(plain.bytes.toString('utf8'));
      expect(plain.bytes.toString('utf8')).toContain('<div id="root">');
    });

    it(`compresses a large JSON answer as ${encoding}`, async () => {
      const plain = await get('/api/docs/json', {});
      expect(plain.bytes.length).toBeGreaterThan(10_000);
      const { response, bytes } = await get('/api/docs/json', { 'accept-encoding': `gzip;q=0.5, ${encoding}` });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(decoders[encoding]!(bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
    });
  }

  it('sends a large search answer (kept as JSON text) whole, compressed or not', async () => {
    const owner = await createUser(testApp.database);
    for (let i = 0; i < 40; i++)
      await createVehicle(testApp.database, {
        ownerId: owner.id,
        make: `Make ${i}`,
        color: `Colour ${i}`,
        description: `Roomy estate ${i}`,
      });
    // Over a real socket, as a browser asks: inject() finished before the reply was cut short.
    const base = await listening();
    const search = (headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const request = http.request(
          `${base}/api/vehicle/search`,
          { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
          },
        );
        request.on('error', reject);
        request.end('{}');
      });
    const plain = await search({});
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const answer: unknown = JSON.parse(plain.bytes.toString('utf8'));
    expect((answer as { total: number }).total).toBe(40);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await search({ 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decoders[encoding]!(response.bytes).toString('utf8'))).toEqual(answer);
    }
  });

  it('prefers Brotli when the client accepts both', async () => {
    const { response } = await get('/assets/index-abcd1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('sends everything as it is without Accept-Encoding', async () => {
    for (const url of ['/assets/index-abcd1234.js', '/listing', '/api/docs/json']) {
      const { response } = await get(url, { accept: url === '/listing' ? 'text/html' : '*/*' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
    }
    const { bytes } = await get('/assets/index-abcd1234.js', {});
    expect(bytes).toEqual(script);
  });

  it('leaves small JSON answers uncompressed', async () => {
    const { response, bytes } = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(bytes.toString('utf8'))).toBeTypeOf('object');
  });
});

describe('chat streams', () => {
  it('delivers a server-sent event at once to a client that accepts compression, uncompressed', async () => {
    const base = await listening();
    const cookie = await signIn(testApp.database, await createUser(testApp.database));
    const negotiated = await fetch(`${base}/chat/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie } });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const url = `${base}/chat?id=${encodeURIComponent(connectionToken)}`;

    const events = await new Promise<{ headers: http.IncomingHttpHeaders; first: string; request: http.ClientRequest }>(
      (resolve, reject) => {
        const request = http.get(url, { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            // The handshake's answer is an event of its own; the stream stays open after it.
            if (text.includes('data: {}')) resolve({ headers: res.headers, first: text, request });
          });
          // Only send the handshake once the stream is open, as a client does.
          void fetch(url, { method: 'POST', headers: { cookie }, body: '{"protocol":"json","version":1}\u001e' }).catch(reject);
        });
        request.on('error', reject);
      },
    );
    events.request.destroy();
    expect(events.headers['content-type']).toMatch(/text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.first).toContain('data: {}\u001e');
  });
});
