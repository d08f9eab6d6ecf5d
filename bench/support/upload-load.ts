/**
 * The client side of bench:uploads, run as a child process: registers its users, signs one in over
 * and over (sequentially, one request at a time) and, meanwhile, has `uploaders` clients each send
 * vehicle creations with 15 maximal PNGs one after another. Answers one LoadResult over IPC.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

export interface LoadRequest {
  base: string;
  seconds: number;
  uploaders: number;
  typeId: number;
  categoryId: number;
}

export interface LoadResult {
  logins: number;
  loginFailures: number;
  p50: number;
  p95: number;
  p99: number;
  uploadsOk: number;
  uploadsRefused: number;
  imagesAccepted: number;
}

const PASSWORD = 'BenchPassw0rd';
const IMAGES_PER_REQUEST = 15;
const SIDE_PX = 7000;

async function register(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD, comfirmedPassword: PASSWORD }),
  });
  if (!response.ok) throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const { base } = request;
  await register(base, 'benchlogin');
  const cookies: string[] = [];
  for (let i = 0; i < request.uploaders; i++) cookies.push(await register(base, `benchuploader${i}`));
  // One colour compresses to almost nothing: about 150 KB for 49 million pixels.
  const png = await sharp({ create: { width: SIDE_PX, height: SIDE_PX, channels: 3, background: '#3366cc' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

  const result: LoadResult = { logins: 0, loginFailures: 0, p50: 0, p95: 0, p99: 0, uploadsOk: 0, uploadsRefused: 0, imagesAccepted: 0 };
  const stop = new AbortController();

  async function uploadLoop(cookie: string): Promise<void> {
    while (!stop.signal.aborted) {
      const form = new FormData();
      const fields: Record<string, string> = {
        Make: 'Skoda',
        Model: 'Octavia',
        Color: 'Green',
        PricePerDay: '45',
        isCompanyProperty: 'false',
        FuelType: 'Diesel',
        DateOfProduction: '2019-03-15T00:00:00.000Z',
        CurbWeightInKg: '1350',
        Description: 'Bench upload.',
        VehicleTypeId: String(request.typeId),
        VehicleTypeCategoryId: String(request.categoryId),
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (let i = 0; i < IMAGES_PER_REQUEST; i++) form.append('Images', new Blob([png], { type: 'image/png' }), `big${i}.png`);
      try {
        const response = await fetch(`${base}/api/vehicle/create`, {
          method: 'POST',
          headers: { cookie },
          body: form,
          signal: stop.signal,
        });
        const body = (await response.json()) as { imageURLS?: string[] };
        if (response.ok) {
          result.uploadsOk++;
          result.imagesAccepted += body.imageURLS?.length ?? 0;
        } else {
          result.uploadsRefused++;
          // A refused client waits a little, as a browser user would, instead of spinning.
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } catch (error) {
        if (!stop.signal.aborted) throw error;
      }
    }
  }

  const uploads = cookies.map((cookie) => uploadLoop(cookie));
  // The uploads are under way before the first sign-in is timed.
  if (request.uploaders > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));

  const latencies: number[] = [];
  const body = JSON.stringify({ emailOrUsername: 'benchlogin', password: PASSWORD });
  const until = performance.now() + request.seconds * 1_000;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${base}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!response.ok) result.loginFailures++;
  }
  stop.abort();
  await Promise.all(uploads);

  latencies.sort((a, b) => a - b);
  result.logins = latencies.length;
  result.p50 = percentile(latencies, 50);
  result.p95 = percentile(latencies, 95);
  result.p99 = percentile(latencies, 99);
  return result;
}

process.once('message', (request) => {
  run(request as LoadRequest).then(
    (result) => process.send!(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
