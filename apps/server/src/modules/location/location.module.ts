import { isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Location } from '@rentdrive/contracts/location';
import type { Db } from '../../db/client';
import { vehicleLocations } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import { loadWorldGazetteer, type Gazetteer } from './gazetteer';
import { createLocationService } from './location.service';

export interface LocationModuleOptions {
  db: Db;
  clock: Clock;
  /** Build the gazetteer when the app is ready instead of on the first suggestion (not in tests). */
  warmGazetteer?: boolean;
  /** The gazetteer, or the promise of it while it builds (default: built once in a worker thread). */
  gazetteer?: () => Gazetteer | Promise<Gazetteer>;
}

/** How long an instance keeps the postcodes it read from the saved places before reading them again. */
const POSTCODES_TTL_MS = 5 * 60_000;

/**
 * Where vehicles stand (issue 26): GET/PUT /api/vehicle/location/{id} and GET /api/geo/places.
 * The place suggestions come from the offline gazetteer; postcodes are those of the places owners
 * saved (postcode, city, country), each shown at its city's point (never a vehicle's own point).
 */
export function registerLocation(
  app: FastifyInstance,
  { db, clock, warmGazetteer = false, gazetteer = loadWorldGazetteer }: LocationModuleOptions,
): void {
  const service = createLocationService({ db, clock });
  const { route } = endpointRoutes(app, { tags: ['vehicles'] });
  route(Location.get, { access: 'owner' }, (request) => service.get(requireUser(request), request.params.id));
  route(Location.put, { access: 'owner' }, async (request) => {
    const saved = await service.put(requireUser(request), request.params.id, request.body);
    postcodesReadAt = 0;
    return saved;
  });

  let postcodesReadAt = 0;
  let reading: Promise<void> | undefined;
  const readPostcodes = async () => {
    const rows = await db
      .selectDistinct({ postcode: vehicleLocations.postcode, country: vehicleLocations.country, place: vehicleLocations.city })
      .from(vehicleLocations)
      .where(isNotNull(vehicleLocations.postcode));
    (await gazetteer()).setPostcodes(rows.map((r) => ({ postcode: r.postcode ?? '', country: r.country, place: r.place })));
    postcodesReadAt = Date.now();
  };
  /** The first postcode query waits for the read; later ones answer at once and refresh behind. */
  const freshPostcodes = async () => {
    if (Date.now() - postcodesReadAt < POSTCODES_TTL_MS) return;
    reading ??= readPostcodes().finally(() => (reading = undefined));
    if (postcodesReadAt === 0) await reading;
    else reading.catch((error: unknown) => app.log.error({ err: error }, 'gazetteer: reading postcodes failed'));
  };

  route(Location.places, { access: 'public' }, async (request, reply) => {
    const { q, limit } = request.query;
    // While the gazetteer builds (in a worker: the event loop and every other route stay free), a
    // suggestion waits for it rather than failing: the build takes about 1 s on an idle core, and a
    // client typing a place would only ask again.
    const places = await gazetteer();
    if (/^\s*\d/.test(q)) await freshPostcodes();
    // The suggestions change only with a deploy (and the saved postcodes): a minute in the browser.
    reply.header('cache-control', 'public, max-age=60');
    return places.search(q, limit);
  });

  if (warmGazetteer) {
    app.addHook('onReady', (done) => {
      const started = performance.now();
      Promise.resolve(gazetteer()).then(
        (built) => app.log.info({ places: built.size, ms: Math.round(performance.now() - started) }, 'gazetteer built'),
        (error: unknown) => app.log.error({ err: error }, 'gazetteer: the build failed (the next suggestion tries again)'),
      );
      done();
    });
  }
}
