import multipart from '@fastify/multipart';
import {
  MyVehicleListSchema,
  VehicleCreateFieldsSchema,
  VehicleDeletedSchema,
  VehicleDetailSchema,
  VehicleEditFieldsSchema,
  VehicleEditLoadSchema,
} from '@rentdrive/contracts/vehicles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/normalize-input';
import { requireUser } from '../../plugins/session';
import type { RateLimiter } from '../../lib/rate-limit';
import { deleteObjectsQuietly, keysOfStored } from '../../storage/image-objects';
import type { ObjectStore } from '../../storage/object-store';
import { readVehicleForm, releaseUnreadBody, VEHICLE_MULTIPART_LIMITS, type UploadLimits, type VehicleForm } from './vehicle-form';
import type { VehiclesService } from './vehicles.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { VehiclePaths } from '@rentdrive/contracts/paths';

const IdParams = z.object({ id: z.string() });
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
const signedIn = { preValidation: async (request: FastifyRequest) => void requireUser(request) };

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    VehiclePaths.detail.pattern,
    { config: { access: 'public' }, schema: { tags: ['vehicles'], params: IdParams, response: { 200: VehicleDetailSchema } } },
    (request) => service.getDetail(request.params.id),
  );

  api.get(
    VehiclePaths.edit.pattern,
    {
      config: { access: 'owner' },
      ...signedIn,
      schema: { tags: ['vehicles'], params: IdParams, response: { 200: VehicleEditLoadSchema } },
    },
    (request) => service.getEditLoad(requireUser(request), request.params.id),
  );

  api.delete(
    VehiclePaths.delete.pattern,
    {
      config: { access: 'owner-or-employee' },
      ...signedIn,
      schema: { tags: ['vehicles'], params: IdParams, response: { 200: VehicleDeletedSchema } },
    },
    async (request) => {
      const { id } = request.params;
      await service.remove(requireUser(request), id);
      return { id, succeeded: true as const };
    },
  );

  api.get(
    VehiclePaths.userVehicles,
    { config: { access: 'user' }, ...signedIn, schema: { tags: ['vehicles'], response: { 200: MyVehicleListSchema } } },
    (request) => service.myVehicles(requireUser(request)),
  );

  // Multipart only here, so no other route accepts uploads.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, { limits: VEHICLE_MULTIPART_LIMITS, throwFileSizeLimit: true });
    scope.addHook('onSend', async (request, reply, payload) => (releaseUnreadBody(request, reply), payload));

    scope.post(
      VehiclePaths.create,
      {
        config: { access: 'user' },
        ...signedIn,
        schema: { tags: ['vehicles'], consumes: ['multipart/form-data'], response: { 200: VehicleDetailSchema } },
      },
      async (request) => {
        const actor = requireUser(request);
        await service.assertMayList(actor);
        await uploadRate.take(actor.id);
        const form = await readVehicleForm(request, images, uploads);
        const fields = await parseFields(VehicleCreateFieldsSchema, form, images);
        return service.create(actor, fields, form.images);
      },
    );

    scope.put(
      VehiclePaths.edit.pattern,
      {
        config: { access: 'owner' },
        ...signedIn,
        schema: { tags: ['vehicles'], consumes: ['multipart/form-data'], params: IdParams, response: { 200: VehicleDetailSchema } },
      },
      async (request) => {
        const actor = requireUser(request);
        const { id } = request.params;
        await service.assertEditable(actor, id);
        await uploadRate.take(actor.id);
        const form = await readVehicleForm(request, images, uploads);
        const fields = await parseFields(VehicleEditFieldsSchema, form, images);
        return service.update(actor, id, fields, form.images);
      },
    );
  });
}
