import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VehicleCreateFieldsSchema, VehicleEditFieldsSchema, Vehicles } from '@rentdrive/contracts/vehicles';
import { requestLocale } from '../../lib/i18n';
import { parseInput } from '../../lib/normalize-input';
import type { RateLimiter } from '../../lib/rate-limit';
import { varyByLanguage } from '../../lib/vary';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import { deleteObjectsQuietly, keysOfStored } from '../../storage/image-objects';
import type { ObjectStore } from '../../storage/object-store';
import { readVehicleForm, releaseUnreadBody, VEHICLE_MULTIPART_LIMITS, type UploadLimits, type VehicleForm } from './vehicle-form';
import type { VehiclesService } from './vehicles.service';

/** Validates the form's text fields; a refusal removes the images already stored. */
async function parseFields<S extends z.ZodType>(schema: S, form: VehicleForm, store: ObjectStore): Promise<z.infer<S>> {
  const result = parseInput(schema, form.fields);
  if (result.success) return result.data;
  await deleteObjectsQuietly(store, keysOfStored(form.images));
  throw result.error;
}

/**
 * Vehicles: details, edit load, create, edit, delete, my vehicles. The list and
 * search calls under /api/vehicle/ belong to the search module; they are static paths, which
 * Fastify's router prefers over /api/vehicle/:id.
 */
export interface VehiclesRoutesOptions {
  service: VehiclesService;
  /** Where the uploaded images go. */
  images: ObjectStore;
  uploads: UploadLimits;
  /** Create and edit requests per user: counted before the body is read, so a refused one costs no decoding. */
  uploadRate: RateLimiter;
}

export async function registerVehiclesRoutes(
  app: FastifyInstance,
  { service, images, uploads, uploadRate }: VehiclesRoutesOptions,
): Promise<void> {
  const { route } = endpointRoutes(app, { tags: ['vehicles'] });
  route(Vehicles.detail, { access: 'public' }, (request, reply) => {
    // Type, category and property names in the request's language (issue 24).
    varyByLanguage(reply);
    return service.getDetail(request.params.id, requestLocale(request));
  });
  route(Vehicles.editLoad, { access: 'owner' }, (request) => service.getEditLoad(requireUser(request), request.params.id));
  route(Vehicles.delete, { access: 'owner-or-employee' }, async (request) => {
    const { id } = request.params;
    await service.remove(requireUser(request), id);
    return { id, succeeded: true as const };
  });
  route(Vehicles.userVehicles, { access: 'user' }, (request) => service.myVehicles(requireUser(request)));

  // Multipart only here, so no other route accepts uploads.
  await app.register(async (plain) => {
    await plain.register(multipart, { limits: VEHICLE_MULTIPART_LIMITS, throwFileSizeLimit: true });
    plain.addHook('onSend', async (request, reply, payload) => (releaseUnreadBody(request, reply), payload));

    const multipartRoutes = endpointRoutes(plain, { tags: ['vehicles'] });
    const consumes = ['multipart/form-data'];
    multipartRoutes.route(Vehicles.create, { access: 'user', consumes }, async (request) => {
      const actor = requireUser(request);
      await service.assertMayList(actor);
      await uploadRate.take(actor.id);
      const form = await readVehicleForm(request, images, uploads);
      const fields = await parseFields(VehicleCreateFieldsSchema, form, images);
      return service.create(actor, fields, form.images, form.fields);
    });

    multipartRoutes.route(Vehicles.edit, { access: 'owner', consumes }, async (request) => {
      const actor = requireUser(request);
      const { id } = request.params;
      await service.assertEditable(actor, id);
      await uploadRate.take(actor.id);
      const form = await readVehicleForm(request, images, uploads);
      const fields = await parseFields(VehicleEditFieldsSchema, form, images);
      return service.update(actor, id, fields, form.images, form.fields);
    });
  });
}
