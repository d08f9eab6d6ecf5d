import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { ChatPaths } from '@rentdrive/contracts/paths';

/** Answers smaller than this go out as they are: the headers and the codec's frame would eat the saving. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses text answers on the fly (HTML, JSON, JavaScript, CSS, SVG): Brotli when the client
 * accepts it, else gzip, above COMPRESS_MIN_BYTES, with `Vary: Accept-Encoding`. The built web assets
 * are compressed once at build time and served as they are (the static plugin sets Content-Encoding,
 * which this hook leaves alone). Must be registered before the routes it should cover.
 *
 * The chat hub's paths are left out: its server-sent events and long polls are streams a compressor
 * would hold back until its buffer fills, which is exactly what a chat must not do.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url === ChatPaths.hub || route.url.startsWith(`${ChatPaths.hub}/`)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    // Request bodies stay as they were: only what we send is compressed.
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 (of 11) gets most of Brotli's gain at a few per cent of the top quality's CPU cost:
    // on-the-fly work runs on every request. Build-time assets use the top quality instead.
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    },
    zlibOptions: { level: 6 },
  });
}
