import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** A rendered document kept for repeat visits, with its compressed forms made once on demand. */
export class CachedDocument {
  readonly etag: string;
  /** The document as sent without compression (encoded once, not on every request). */
  readonly bytes: Buffer;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly status: number,
    readonly body: string,
    readonly version: number,
    readonly expiresAtMs: number,
  ) {
    this.bytes = Buffer.from(body);
    this.etag = `"${createHash('sha1').update(this.bytes).digest('base64url').slice(0, 22)}"`;
  }

  encode(encoding: Encoding): Promise<Buffer> {
    let done = this.encoded.get(encoding);
    if (!done) {
      const input = this.bytes;
      // Quality 5/level 6: nearly the smallest output at a few ms per page, paid once per version.
      done =
        encoding === 'br'
          ? brotli(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } })
          : gzipAsync(input, { level: 6 });
      this.encoded.set(encoding, done);
    }
    return done;
  }
}

/**
 * Rendered pages by URL, valid for one data version (and at most `ttlMs`, for the little a page
 * shows that the version does not follow, such as a reviewer's renamed account). Least recently
 * used pages leave first.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedDocument>();

  constructor(private readonly options: { maxEntries: number; ttlMs: number }) {}

  get(key: string, version: number, nowMs: number): CachedDocument | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version || entry.expiresAtMs <= nowMs) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, version: number, status: number, body: string, nowMs: number): CachedDocument {
    const entry = new CachedDocument(status, body, version, nowMs + this.options.ttlMs);
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The encoding to answer with: Brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
