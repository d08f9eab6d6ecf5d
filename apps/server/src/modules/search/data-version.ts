import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, SearchPaths } from '@rentdrive/contracts/paths';
import type { Database } from '../../db/client';
import { parseSnapshot, type FeedSnapshot } from './sync/search-feed';

/**
 * Read-your-writes for search across instances without a poll per search: a successful write
 * answers the database snapshot taken after it (its data version) in a header and a short-lived
 * cookie; a search that brings it back waits until its instance's index holds that snapshot's
 * transactions (one poll at most). Others see the write once the change notification arrives.
 */
export const DATA_VERSION_HEADER = 'x-data-version';
export const DATA_VERSION_COOKIE = 'rd_dv';
/** After this the notification (or the fallback poll) has brought the write to every instance. */
const COOKIE_MAX_AGE_S = 30;
const SNAPSHOT_TEXT = /^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** POSTs that only read. */
const READ_ONLY_POSTS = new Set<string>([SearchPaths.search, SearchPaths.filter]);

/** A data version as the client sent it, or null when absent or not one (it is only a hint: never an error). */
export function parseDataVersion(text: unknown): FeedSnapshot | null {
  if (typeof text !== 'string' || text.length > 4000 || !SNAPSHOT_TEXT.test(text)) return null;
  return parseSnapshot(text);
}

/** The data version a request carries: the header first (API clients), then the cookie (browsers). */
export function dataVersionOf(request: FastifyRequest): FeedSnapshot | null {
  const header = request.headers[DATA_VERSION_HEADER];
  return parseDataVersion(Array.isArray(header) ? header[0] : header) ?? parseDataVersion(request.cookies[DATA_VERSION_COOKIE]);
}

export interface DataVersionOptions {
  database: Pick<Database, 'queryPrepared'>;
  cookieSecure: boolean;
}

/** Adds the data version to every successful API write (one small statement after the write). */
export function registerDataVersion(app: FastifyInstance, { database, cookieSecure }: DataVersionOptions): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    const route = request.routeOptions.url;
    if (!route?.startsWith(API_PREFIX) || READ_ONLY_POSTS.has(route)) return payload;
    let version: string;
    try {
      const [row] = await database.queryPrepared('data_version', 'select pg_current_snapshot()::text as v', []);
      version = String(row!.v);
    } catch {
      return payload; // the write is done; a search without the version still sees it within the bound
    }
    reply.header(DATA_VERSION_HEADER, version);
    const cookie = `${DATA_VERSION_COOKIE}=${version}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${cookieSecure ? '; Secure' : ''}`;
    reply.header('set-cookie', cookie); // Fastify adds it to the cookies already set
    return payload;
  });
}
