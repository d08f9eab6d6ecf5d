import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { type ZodTypeProvider } from '../plugins/zod-schemas';
import { isObjectKey, type ObjectStore } from './object-store';
import { IMMUTABLE_CACHE_CONTROL } from './s3-object-store';

const ImageParams = z.object({ '*': z.string() });
/** A redirect may point elsewhere once the operator moves the bucket, so it is cached for a day, not a year. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * /images/<key>: uploaded images from whichever store is configured, the same URL on every instance.
 * The bytes go through the app with a year's immutable caching and the object's ETag (a revalidation
 * answers 304), or, when the store has a public URL, the answer is a redirect to it.
 */
export function registerImageRoutes(app: FastifyInstance, store: ObjectStore): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/images/*', { config: { access: 'public' }, schema: { hide: true, params: ImageParams } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isObjectKey(key)) return reply.callNotFound();
    const publicUrl = store.publicUrl(key);
    if (publicUrl !== undefined) return reply.header('Cache-Control', REDIRECT_CACHE_CONTROL).redirect(publicUrl, 302);

    let read;
    try {
      read = await store.get(key, { ifNoneMatch: request.headers['if-none-match'] });
    } catch (error) {
      request.log.error({ err: error }, 'image store: read failed');
      throw AppError.unavailable('The image cannot be read right now. Try again in a moment.');
    }
    if (!read) return reply.callNotFound();
    const { info, body } = read;
    reply.header('Cache-Control', IMMUTABLE_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
    if (info.etag) reply.header('ETag', info.etag);
    if (!body) return reply.code(304).send();
    // Only image types: whatever else sits in a bucket is served as bytes, never as a document.
    reply.header('Content-Type', info.contentType.startsWith('image/') ? info.contentType : 'application/octet-stream');
    reply.header('Content-Length', info.size);
    if (info.lastModified) reply.header('Last-Modified', info.lastModified.toUTCString());
    return reply.send(body);
  });
}
