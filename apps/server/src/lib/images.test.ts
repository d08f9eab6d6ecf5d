import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageProcessor, ImagePoolBusyError, readImageSize } from './images';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('image processor pool', () => {
  it('works on one image at a time with concurrency 1: images finish in the order they came, a small one never overtakes', async () => {
    const processor = createImageProcessor({ concurrency: 1, maxWaiting: 10 });
    const [big, small] = await Promise.all([png(3000, 3000), png(40, 30)]);
    const finished: string[] = [];
    await Promise.all([
      processor.encode(big).then(() => finished.push('big')),
      processor.encode(small).then(() => finished.push('small 1')),
      processor.encode(small).then(() => finished.push('small 2')),
    ]);
    expect(finished).toEqual(['big', 'small 1', 'small 2']);
  });

  it('refuses an image as busy when the waiting line is full, and takes work again once it has room', async () => {
    const processor = createImageProcessor({ concurrency: 1, maxWaiting: 1 });
    const image = await png(400, 300);
    const first = processor.encode(image);
    const second = processor.encode(image);
    await expect(processor.encode(image)).rejects.toBeInstanceOf(ImagePoolBusyError);
    await Promise.all([first, second]);
    const again = await processor.encode(image);
    expect((await sharp(again.large).metadata()).width).toBe(400);
  });

  it('gives the slot back when an image does not decode', async () => {
    const processor = createImageProcessor({ concurrency: 1, maxWaiting: 0 });
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 40)]);
    await expect(processor.encode(broken)).rejects.toThrow();
    await expect(processor.encode(await png(10, 10))).resolves.toMatchObject({ large: expect.any(Buffer) });
  });
});

describe('readImageSize', () => {
  it('reads the canvas from the header; undefined for bytes that are no image', async () => {
    expect(await readImageSize(await png(7000, 7000))).toEqual({ width: 7000, height: 7000 });
    expect(await readImageSize(Buffer.from('not an image'))).toBeUndefined();
  });
});
