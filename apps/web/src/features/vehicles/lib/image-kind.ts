/** The image kinds the server keeps (JPEG, PNG, WebP), told by their first bytes as the server does. */
export type ImageKind = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** What the first bytes say the file is; never its name or declared type (a PDF renamed .png is none). */
export function imageKindOf(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Other pictures a person may pick (GIF, BMP, TIFF, HEIC/AVIF, ICO): images, of a kind not kept. */
function isOtherImage(bytes: Uint8Array): boolean {
  const head = ascii(bytes, 0, 6);
  if (head.startsWith('GIF8') || head.startsWith('BM') || head.startsWith('II*') || head.startsWith('MM\u0000*')) return true;
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) return true;
  return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && /^(heic|heix|mif1|avif|hevc)$/.test(ascii(bytes, 8, 12));
}

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // Older engines (and jsdom) have only FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads a picked file's first bytes: an accepted image, another kind of image, or not an image at all. */
export async function sniffPickedFile(file: Blob): Promise<ImageKind | 'other-image' | 'not-an-image'> {
  const bytes = new Uint8Array(await readBytes(file.slice(0, 16)));
  return imageKindOf(bytes) ?? (isOtherImage(bytes) ? 'other-image' : 'not-an-image');
}
