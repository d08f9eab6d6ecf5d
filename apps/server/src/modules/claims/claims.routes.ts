import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AnswerClaimFieldsSchema, ClaimMessages, Claims, MAX_CLAIM_PHOTOS, OpenClaimFieldsSchema } from '@rentdrive/contracts/claims';
import { MAX_IMAGE_BYTES, VehicleMessages } from '@rentdrive/contracts/vehicles';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/normalize-input';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import { deleteObjectsQuietly, keysOfStored } from '../../storage/image-objects';
import type { ObjectStore } from '../../storage/object-store';
import { readVehicleForm, releaseUnreadBody, type UploadLimits } from '../vehicles/vehicles.service';
import type { ClaimPhoto, ClaimsService } from './claims.service';

/** The multipart limits of a claim or an answer: a text and a few photos. */
const CLAIM_MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: MAX_CLAIM_PHOTOS, fields: 10, fieldSize: 16_384, parts: 20 } as const;

export interface ClaimsRoutesOptions {
  service: ClaimsService;
  images: ObjectStore;
  uploads: UploadLimits;
}

/**
 * Reads a claim's multipart body with the vehicles' upload path (photos checked by their bytes,
 * re-encoded without metadata, stored under claims/), then its text fields; a refusal removes the
 * photos already stored. Answers the fields and the photos, and how to remove them if the action fails.
 */
async function readClaimForm<S extends z.ZodType>(request: FastifyRequest, schema: S, { images, uploads }: ClaimsRoutesOptions) {
  let form;
  try {
    form = await readVehicleForm(request, images, uploads, 'claims');
  } catch (error) {
    // The files limit's refusal names the vehicles' limit: a claim's is its own.
    if (error instanceof AppError && error.errors?.images?.[0] === VehicleMessages.tooManyImages) {
      throw AppError.validation(ClaimMessages.tooManyPhotos, { images: [ClaimMessages.tooManyPhotos] });
    }
    throw error;
  }
  const discard = () =>
    deleteObjectsQuietly(images, keysOfStored(form.images), (error) => request.log.error({ err: error }, 'claims: photos not removed'));
  const parsed = parseInput(schema, form.fields);
  if (!parsed.success) {
    await discard();
    throw parsed.error;
  }
  const photos: ClaimPhoto[] = form.images.map((i) => ({ largePath: i.largePath, thumbPath: i.thumbPath }));
  return { fields: parsed.data, photos, discard };
}

/** Damage claims (issue 27): the parties' routes and the employees' Claims screen. */
export async function registerClaimsRoutes(app: FastifyInstance, options: ClaimsRoutesOptions): Promise<void> {
  const { service } = options;
  const { route } = endpointRoutes(app, { tags: ['claims'] });
  route(Claims.rentalClaim, { access: 'owner-or-employee' }, (request) =>
    service.rentalClaim(requireUser(request), request.params.rentalId),
  );
  route(Claims.mine, { access: 'user' }, (request) => service.mine(requireUser(request)));
  route(Claims.list, { access: 'employee' }, (request) => service.list(request.query.status));
  route(Claims.companyClaimable, { access: 'employee' }, () => service.companyClaimable());
  route(Claims.decide, { access: 'employee' }, (request) =>
    service.decide(requireUser(request), request.params.id, request.body, request.ip),
  );

  // Multipart only here (photos), as the vehicle routes do it.
  await app.register(async (plain) => {
    await plain.register(multipart, { limits: CLAIM_MULTIPART_LIMITS, throwFileSizeLimit: true });
    plain.addHook('onSend', async (request, reply, payload) => (releaseUnreadBody(request, reply), payload));
    const multipartRoutes = endpointRoutes(plain, { tags: ['claims'] });
    const consumes = ['multipart/form-data'];
    multipartRoutes.route(Claims.open, { access: 'owner', consumes }, async (request) => {
      const caller = requireUser(request);
      const { fields, photos, discard } = await readClaimForm(request, OpenClaimFieldsSchema, options);
      try {
        return await service.open(caller, request.params.rentalId, fields, photos, request.ip);
      } catch (error) {
        await discard();
        throw error;
      }
    });
    multipartRoutes.route(Claims.answer, { access: 'owner', consumes }, async (request) => {
      const caller = requireUser(request);
      const { fields, photos, discard } = await readClaimForm(request, AnswerClaimFieldsSchema, options);
      try {
        return await service.answer(caller, request.params.rentalId, fields, photos);
      } catch (error) {
        await discard();
        throw error;
      }
    });
  });
}
