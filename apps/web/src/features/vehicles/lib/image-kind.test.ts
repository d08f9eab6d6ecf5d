import { describe, expect, it } from 'vitest';
import { imageKindOf, sniffPickedFile } from './image-kind';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const bytes = (text: string) => new TextEncoder().encode(text);

describe('image kind by content', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageKindOf(new Uint8Array(PNG))).toBe('png');
    expect(imageKindOf(bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
  });

  it('tells a PDF named like a photo from an image, and a GIF from a file that is no image', async () => {
    expect(await sniffPickedFile(new File([bytes('%PDF-1.7\n')], 'holiday.png', { type: 'image/png' }))).toBe('not-an-image');
    expect(await sniffPickedFile(new File([bytes('GIF89a....')], 'anim.gif', { type: 'image/gif' }))).toBe('other-image');
    expect(await sniffPickedFile(new File([new Uint8Array(PNG)], 'scan', { type: '' }))).toBe('png');
    expect(await sniffPickedFile(new File([], 'empty.jpg', { type: 'image/jpeg' }))).toBe('not-an-image');
  });
});
