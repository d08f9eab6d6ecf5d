import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HOST_NOT_VALID, isValidHost } from './site-origin';

describe('isValidHost', () => {
  it.each(['cars.example', 'CARS.example:8443', 'localhost', 'localhost:80', '127.0.0.1:3000', '[::1]', '[2001:db8::1]:443', 'a-b.c'])(
    'accepts %s',
    (host) => expect(isValidHost(host)).toBe(true),
  );
  it.each([
    '',
    'cars.example/evil',
    'cars example',
    'cars.example"><script>',
    'cars.example:99999',
    '-cars.example',
    'cars_.example',
    'a..b',
    '[::1',
    '[zz::1]',
    'user@cars.example',
    `${'a'.repeat(64)}.example`,
  ])('refuses %j', (host) => expect(isValidHost(host)).toBe(false));
});

describe('absolute URLs without PUBLIC_URL come from a validated Host', () => {
  let t: TestApp;
  let distDir: string;
  let vehicleId: string;
  beforeAll(async () => {
    // A browser build without the server renderer: pages are the shell, enough for the headers.
    distDir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-shell-'));
    writeFileSync(path.join(distDir, 'index.html'), '<html><head><title>RentDrive</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
    vehicleId = (await createVehicle(t.database, { ownerId: (await createUser(t.database)).id })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('writes a valid Host, port included, into robots.txt and the sitemap', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'Cars.Example:8443' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.body.split('\n')).toContain('Sitemap: http://cars.example:8443/sitemap.xml');
  });

  it.each(['cars.example/x>y', 'cars.example"onload="x', 'a b'])(
    'refuses Host %j with 400 naming the rule, never echoing it',
    async (host) => {
      for (const url of ['/robots.txt', '/sitemap.xml']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ detail: HOST_NOT_VALID });
        expect(res.body).not.toContain(host);
      }
    },
  );

  it("says Vary: Accept on both of /api/vehicle/{id}'s answers, the JSON and the page", async () => {
    const json = await t.app.inject({ method: 'GET', url: `/api/vehicle/${vehicleId}`, headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    expect(String(json.headers.vary).split(/,\s*/)).toContain('Accept');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/vehicle/${vehicleId}`,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const vary = String(page.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toContain('accept');
    expect(vary).toContain('accept-encoding');
  });
});
