import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_VEHICLE_IMAGES, VehicleMessages } from '@rentdrive/contracts/vehicles';
import {
  jpegPart,
  multipartBody,
  setUpVehicleWriteFixture,
  validCreateFields,
  type VehicleWriteFixture,
} from '../../../test/helpers/vehicles';
import { InputBoundsMessages, MAX_INPUT_DEPTH } from '../../lib/input-bounds';

interface Answer {
  status: number;
  body: string;
  reusedSocket: boolean;
  connection: string | undefined;
}

/**
 * A refused upload must leave its connection usable: behind a balancer's keep-alive pool the next
 * request on that socket may be another user's. Each case sends a refused create or edit, then a
 * health check on the same keep-alive socket of a real listening server; the health check must be
 * answered on that very socket.
 */
describe('a refused upload keeps its connection usable', () => {
  let f: VehicleWriteFixture;
  let base: string;
  beforeAll(async () => {
    f = await setUpVehicleWriteFixture();
    await f.t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = f.t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => f.t.close());

  /** One request through `agent`; a request left unanswered fails the test instead of hanging it. */
  function send(agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: Buffer.concat(chunks).toString(),
            reusedSocket: req.reusedSocket,
            connection: res.headers.connection,
          }),
        );
      });
      req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path} was not answered on its connection`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  const image = () => jpegPart(f.jpeg);
  const bigImage = () => jpegPart(Buffer.concat([f.jpeg, Buffer.alloc(190_000)]));
  const notAnImage = () => ({ field: 'Images', filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.alloc(190_000, 'x') });
  const brokenJpeg = () => ({
    field: 'Images',
    filename: 'a.jpg',
    contentType: 'image/jpeg',
    data: Buffer.concat([f.jpeg.subarray(0, 20), Buffer.alloc(50_000)]),
  });

  const cases: {
    name: string;
    status: number;
    detail: string;
    request: () => { method: string; path: string; headers: Record<string, string>; body: Buffer };
  }[] = [
    {
      name: 'an index over the limit before a 190 KB image',
      status: 400,
      detail: 'Too many indexed values.',
      request: () => create([...validCreateFields(f.c), ['PropertyValues[500].Value', '1']], [bigImage()]),
    },
    {
      name: 'a field name nested too deeply before an image',
      status: 400,
      detail: InputBoundsMessages.fieldNameTooDeep,
      request: () => create([[`a${'[0]'.repeat(MAX_INPUT_DEPTH + 1)}`, '1'], ...validCreateFields(f.c)], [bigImage()]),
    },
    {
      name: 'a field over its size before an image',
      status: 400,
      detail: 'The field Description is too long.',
      request: () => create(validCreateFields(f.c, { Description: 'a'.repeat(20_000) }), [bigImage()]),
    },
    {
      name: 'more fields than the form allows',
      status: 413,
      detail: 'The form has too many fields.',
      request: () =>
        create(
          Array.from({ length: 400 }, (_, i) => [`PropertyValues[${i % 100}].Value`, '1'] as [string, string]),
          [bigImage()],
        ),
    },
    {
      name: 'more images than a vehicle may have',
      status: 400,
      detail: VehicleMessages.tooManyImages,
      request: () => create(validCreateFields(f.c), Array.from({ length: MAX_VEHICLE_IMAGES + 2 }, image)),
    },
    {
      name: 'an image over the size limit',
      status: 413,
      detail: VehicleMessages.imageTooLarge,
      request: () => create(validCreateFields(f.c), [jpegPart(Buffer.concat([f.jpeg, Buffer.alloc(MAX_IMAGE_BYTES)])), image()]),
    },
    {
      name: 'a file that is not an image, before another',
      status: 415,
      detail: `a.jpg: ${VehicleMessages.imageType}`,
      request: () => create(validCreateFields(f.c), [notAnImage(), bigImage()]),
    },
    {
      name: 'an image that cannot be read, before another',
      status: 400,
      detail: VehicleMessages.imageUnreadable,
      request: () => create(validCreateFields(f.c), [brokenJpeg(), bigImage()]),
    },
    {
      name: 'a form whose fields fail validation',
      status: 400,
      detail: 'Make',
      request: () => create(validCreateFields(f.c, { Make: undefined }), [bigImage()]),
    },
    {
      name: 'a body that is not multipart',
      status: 415,
      detail: 'multipart/form-data',
      request: () => ({
        method: 'POST',
        path: '/api/vehicle/create',
        headers: { 'content-type': 'application/octet-stream', cookie: f.ownerCookie },
        body: Buffer.alloc(190_000),
      }),
    },
    {
      name: 'a multipart body that ends without its closing boundary',
      status: 400,
      detail: 'The form data is not valid.',
      request: () => {
        const r = create(validCreateFields(f.c), [bigImage()]);
        return { ...r, body: r.body.subarray(0, r.body.length - 60) };
      },
    },
    {
      name: 'an upload from a signed-out visitor',
      status: 401,
      detail: 'sign in',
      request: () => {
        const r = create(validCreateFields(f.c), [bigImage()]);
        const { cookie: _signedOut, ...headers } = r.headers;
        return { ...r, headers };
      },
    },
    {
      name: 'an edit of a vehicle that does not exist',
      status: 404,
      detail: '',
      request: () => ({ ...create(validCreateFields(f.c), [bigImage()]), method: 'PUT', path: `/api/vehicle/edit/${randomUUID()}` }),
    },
  ];

  function create(fields: [string, string][], files: ReturnType<typeof image>[]) {
    const body = multipartBody(fields, files);
    return { method: 'POST', path: '/api/vehicle/create', headers: { ...body.headers, cookie: f.ownerCookie }, body: body.payload };
  }

  it.each(cases)('$name: refused, then the next request on the same socket is answered', async ({ status, detail, request }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const r = request();
      const refused = await send(agent, r.method, r.path, r.headers, r.body);
      expect(refused.status).toBe(status);
      expect(refused.body).toContain(detail);
      const health = await send(agent, 'GET', '/api/health', {});
      expect(health.status).toBe(200);
      expect(health.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
