import { FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { isUuid } from '@rentdrive/contracts/ids';
import type { Locale } from '@rentdrive/contracts/locales';
import {
  MAX_VEHICLE_IMAGES,
  VehicleMessages,
  type MyVehicle,
  type VehicleCreateFields,
  type VehicleDetail,
  type VehicleEditFields,
  type VehicleEditLoad,
} from '@rentdrive/contracts/vehicles';
import { centsToEuros, eurosToCents } from '@rentdrive/domain/money';
import { meanStars } from '@rentdrive/domain/stars';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { localName } from '../../lib/catalogue-names';
import { today, type Clock } from '../../lib/clock';
import type { SessionUser } from '../../lib/session-user';
import { deleteObjectsQuietly, keysOfImages, keysOfStored, type StoredImage } from '../../storage/image-objects';
import type { ObjectStore } from '../../storage/object-store';
import { exactPlaceOf, placeFromForm, publicPlaceOf, savePlaceOfForm } from '../location/location.service';
import { resolvePropertyValues } from './property-values';
import { createVehiclesRepository, type VehicleRow, type VehiclesRepository } from './vehicles.repository';

/** The upload path of vehicle photos, which damage claims (modules/claims) reuse for theirs. */
export { readVehicleForm, releaseUnreadBody, type UploadLimits } from './vehicle-form';

export interface VehiclesServiceDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** Where uploaded images live; the service removes the objects of images it deletes. */
  images: ObjectStore;
  /** A failed removal of objects no row points at any more: the change stands, the operator is told. */
  onStoreError?: (error: unknown, during: string) => void;
  /** Live vehicles one user may own (0: no cap); company property is owned by the company account and not counted. */
  maxVehiclesPerUser: number;
}

const notFound = () => AppError.notFound(VehicleMessages.notFound);
const fieldError = (field: string, message: string) => AppError.validation(message, { [field]: [message] });

/** The columns create and edit both take from the form, in their stored units. */
function baseColumns(input: VehicleCreateFields | VehicleEditFields) {
  return {
    make: input.make,
    model: input.model,
    color: input.color,
    fuelType: input.fuelType,
    dateOfProduction: input.dateOfProduction,
    yearOfProduction: Number(input.dateOfProduction.slice(0, 4)),
    pricePerDayCents: eurosToCents(input.pricePerDay),
    curbWeightInKg: input.curbWeightInKg,
    description: input.description,
  };
}

/** Owners edit their own vehicles; employees edit company-property vehicles (the company has no one person behind it). */
function assertCanEdit(actor: SessionUser, vehicle: VehicleRow): void {
  if (vehicle.ownerId === actor.id) return;
  if (vehicle.isCompanyProperty) {
    if (actor.isCompanyEmployee) return;
    throw AppError.forbidden(VehicleMessages.companyVehicleEmployeesOnly);
  }
  throw AppError.forbidden(VehicleMessages.notYourVehicle);
}

/**
 * Listing, editing and deleting vehicles. Uploaded images arrive already stored (see vehicle-form);
 * every refusal here removes them, and a vehicle is written in one transaction, so a failed request
 * leaves neither files nor half a vehicle.
 */
export function createVehiclesService({
  db,
  clock,
  timeZone,
  images: store,
  onStoreError = () => undefined,
  maxVehiclesPerUser,
}: VehiclesServiceDeps) {
  const repo = createVehiclesRepository(db);
  const discard = (stored: StoredImage[]) => deleteObjectsQuietly(store, keysOfStored(stored));
  /** After a commit: objects whose rows are gone. */
  const deleteObjectsOf = (rows: { largePath: string; thumbPath: string }[], during: string) =>
    deleteObjectsQuietly(store, keysOfImages(rows), (error) => onStoreError(error, during));

  const vehicleCapError = () =>
    new AppError(
      409,
      ErrorCode.LimitReached,
      `You can list at most ${maxVehiclesPerUser} vehicles. Delete a listing you no longer need to add another.`,
    );

  async function assertUnderVehicleCap(r: VehiclesRepository, ownerId: string, lockOwner: boolean): Promise<void> {
    if (maxVehiclesPerUser > 0 && (await r.countLiveOwnedBy(ownerId, lockOwner)) >= maxVehiclesPerUser) throw vehicleCapError();
  }

  /** `locale`: type, category and property names in that language (issue 24), English when none. */
  async function loadDetail(
    r: VehiclesRepository,
    id: string,
    locale?: Locale,
  ): Promise<(VehicleDetail & { head: VehicleRow }) | undefined> {
    if (!isUuid(id)) return undefined;
    const head = await r.findDetail(id);
    if (!head) return undefined;
    const v = head.vehicle;
    return {
      head: v,
      id: v.id,
      make: v.make,
      model: v.model,
      color: v.color,
      fuelType: FUEL_TYPES[v.fuelType] ?? 'None',
      dateOfProduction: v.dateOfProduction,
      curbWeightInKg: v.curbWeightInKg,
      description: v.description,
      pricePerDay: centsToEuros(v.pricePerDayCents),
      ownerId: v.ownerId,
      ownerName: head.ownerName,
      isCompanyProperty: v.isCompanyProperty,
      vehicleType: localName(head.typeName, head.typeTranslations, locale),
      vehicleTypeCategory: localName(head.categoryName, head.categoryTranslations, locale),
      starsRating: meanStars(v.starsTotal, v.reviewCount),
      reviewCount: v.reviewCount,
      imageURLS: head.imageUrls,
      thumbnailURLS: head.thumbUrls,
      vehicleProperties: head.properties.map((p) => ({
        vehicleTypePropertyName: localName(p.name, p.translations, locale),
        vehicleTypePropertyValue: p.value,
        unitOfMeasurement: UNITS[p.unit] ?? 'None',
      })),
      vehicleReviews: head.reviews.map((rv) => ({
        username: rv.username,
        starRating: rv.starRating,
        comment: rv.comment ?? null,
        // json_build_object writes PostgreSQL's timestamp text ('2026-05-03T00:00:00+00:00'): made ISO here.
        createdOn: new Date(rv.createdOn).toISOString(),
      })),
    };
  }

  async function detailOrThrow(id: string, locale?: Locale): Promise<VehicleDetail> {
    const detail = await loadDetail(repo, id, locale);
    if (!detail) throw notFound();
    const { head: _head, ...rest } = detail;
    // Issue 26: the city and a rounded point for everyone; the exact place only on the owner's edit load.
    return { ...rest, place: await publicPlaceOf(db, id) };
  }

  function assertNotFuture(day: string): void {
    if (day > today(clock, timeZone)) throw fieldError('dateOfProduction', VehicleMessages.dateInFuture);
  }

  async function checkTypeAndCategory(r: VehiclesRepository, typeId: number, categoryId: number): Promise<void> {
    if (!(await r.findLiveType(typeId))) throw fieldError('vehicleTypeId', VehicleMessages.typeRequired);
    const category = await r.findLiveCategory(categoryId);
    if (!category) throw fieldError('vehicleTypeCategoryId', VehicleMessages.categoryRequired);
    if (category.vehicleTypeId !== typeId) throw fieldError('vehicleTypeCategoryId', VehicleMessages.categoryNotOfType);
  }

  /**
   * A type offers the fuels its live listings use (the availableFuels the forms and the home search
   * show). A type nobody lists yet offers every fuel, or it could never get its first vehicle; an edit
   * may keep its own fuel.
   */
  async function checkFuelOfType(r: VehiclesRepository, typeId: number, fuelType: number, editing?: VehicleRow): Promise<void> {
    if (editing && editing.vehicleTypeId === typeId && editing.fuelType === fuelType) return;
    const fuels = await r.liveFuelsOfType(typeId, editing?.id);
    if (fuels.length > 0 && !fuels.includes(fuelType)) throw fieldError('fuelType', VehicleMessages.fuelNotOfType);
  }

  return {
    /** GET /api/vehicle/{id}: public; deleted or unknown is 404. */
    getDetail: detailOrThrow,

    async getEditLoad(actor: SessionUser, id: string): Promise<VehicleEditLoad> {
      const detail = await loadDetail(repo, id);
      if (!detail) throw notFound();
      const { head, ...rest } = detail;
      assertCanEdit(actor, head);
      const [images, typeProperties, values] = await Promise.all([
        repo.images(id),
        repo.liveTypeProperties(head.vehicleTypeId),
        repo.propertyValues(id),
      ]);
      const valueOf = new Map(values.map((v) => [v.propertyId, v.value]));
      return {
        ...rest,
        place: await publicPlaceOf(db, id),
        exactPlace: await exactPlaceOf(db, id),
        vehicleTypeId: head.vehicleTypeId,
        vehicleTypeCategoryId: head.vehicleTypeCategoryId,
        imageURLs: rest.imageURLS,
        images: images.map((img) => ({ id: img.id, url: img.largePath, thumbUrl: img.thumbPath })),
        vehicleTypePropertyValues: typeProperties.map((p) => ({
          propertyId: p.id,
          vehicleTypePropertyName: p.name,
          vehicleTypePropertyValue: valueOf.get(p.id) ?? '',
          valueType: VALUE_TYPES[p.valueType] ?? 'String',
          unitOfMeasurement: UNITS[p.unitOfMeasurement] ?? 'None',
        })),
      };
    },

    /** 404 / 403 for an edit, checked before any upload is decoded (update checks again in its transaction). */
    async assertEditable(actor: SessionUser, id: string): Promise<void> {
      const vehicle = isUuid(id) ? await repo.findLive(id) : undefined;
      if (!vehicle) throw notFound();
      assertCanEdit(actor, vehicle);
    },

    /**
     * Before an upload is read: a user at the vehicle cap is refused without any image being
     * decoded. Employees may be listing company property, which the cap does not count; their own
     * listings are checked in create.
     */
    async assertMayList(actor: SessionUser): Promise<void> {
      if (!actor.isCompanyEmployee) await assertUnderVehicleCap(repo, actor.id, false);
    },

    /** `formFields`: the form's raw fields, for its place (Address, Postcode, City, Country, Lat, Lng; issue 26). */
    async create(
      actor: SessionUser,
      input: VehicleCreateFields,
      images: StoredImage[],
      formFields: Record<string, unknown> = {},
    ): Promise<VehicleDetail> {
      let id: string;
      try {
        const place = placeFromForm(formFields);
        if (input.isCompanyProperty && !actor.isCompanyEmployee) throw AppError.forbidden(VehicleMessages.companyPropertyEmployeesOnly);
        if (images.length === 0) throw fieldError('images', VehicleMessages.imagesRequired);
        if (images.length > MAX_VEHICLE_IMAGES) throw fieldError('images', VehicleMessages.tooManyImages);
        assertNotFuture(input.dateOfProduction);
        id = await db.transaction(async (tx) => {
          const r = createVehiclesRepository(tx);
          await checkTypeAndCategory(r, input.vehicleTypeId, input.vehicleTypeCategoryId);
          await checkFuelOfType(r, input.vehicleTypeId, input.fuelType);
          const values = resolvePropertyValues(
            await r.liveTypeProperties(input.vehicleTypeId),
            input.propertyValues,
            new Map(),
            input.fuelType,
          );
          let ownerId = actor.id;
          if (input.isCompanyProperty) {
            const companyId = await r.companyAccountId();
            if (!companyId) throw AppError.conflict('The company account does not exist yet, so company property cannot be listed.');
            ownerId = companyId;
          } else {
            await assertUnderVehicleCap(r, ownerId, true);
          }
          const now = clock.now();
          const vehicle = await r.insertVehicle({
            ownerId,
            ...baseColumns(input),
            isCompanyProperty: input.isCompanyProperty,
            vehicleTypeId: input.vehicleTypeId,
            vehicleTypeCategoryId: input.vehicleTypeCategoryId,
            createdAt: now,
            updatedAt: now,
          });
          await r.insertImages(vehicle.id, 0, images);
          await r.replacePropertyValues(vehicle.id, values);
          await savePlaceOfForm(tx, vehicle.id, ownerId, place, now, true);
          return vehicle.id;
        });
      } catch (error) {
        await discard(images);
        throw error;
      }
      return detailOrThrow(id);
    },

    async update(
      actor: SessionUser,
      id: string,
      input: VehicleEditFields,
      newImages: StoredImage[],
      formFields: Record<string, unknown> = {},
    ): Promise<VehicleDetail> {
      let removedImages: { largePath: string; thumbPath: string }[] = [];
      try {
        const place = placeFromForm(formFields);
        if (!isUuid(id)) throw notFound();
        if (input.id && input.id.toLowerCase() !== id.toLowerCase())
          throw fieldError('id', 'The id does not match the vehicle being edited.');
        assertNotFuture(input.dateOfProduction);
        removedImages = await db.transaction(async (tx) => {
          const r = createVehiclesRepository(tx);
          const current = await r.findLive(id, true);
          if (!current) throw notFound();
          assertCanEdit(actor, current);

          const typeId = input.vehicleTypeId ?? current.vehicleTypeId;
          const typeChanged = typeId !== current.vehicleTypeId;
          const categoryId = input.vehicleTypeCategoryId ?? (typeChanged ? undefined : current.vehicleTypeCategoryId);
          if (categoryId === undefined) throw fieldError('vehicleTypeCategoryId', VehicleMessages.categoryRequired);
          if (typeChanged || categoryId !== current.vehicleTypeCategoryId) await checkTypeAndCategory(r, typeId, categoryId);
          await checkFuelOfType(r, typeId, input.fuelType, current);

          const existing = await r.images(id);
          const existingIds = new Set(existing.map((img) => img.id));
          const removed = [...new Set(input.removedImageIds.map((x) => x.toLowerCase()))];
          if (removed.some((x) => !existingIds.has(x)))
            throw fieldError('removedImageIds', 'An image to remove does not belong to this vehicle.');
          const remaining = existing.length - removed.length + newImages.length;
          if (remaining < 1) throw fieldError('images', VehicleMessages.imagesRequired);
          if (remaining > MAX_VEHICLE_IMAGES) throw fieldError('images', VehicleMessages.tooManyImages);

          const oldValues = typeChanged
            ? new Map<string, string>()
            : new Map((await r.propertyValues(id)).map((v) => [v.propertyId, v.value]));
          const values = resolvePropertyValues(
            await r.liveTypeProperties(typeId),
            input.vehicleTypePropertyInputValues,
            oldValues,
            input.fuelType,
          );

          await r.updateVehicle(id, {
            ...baseColumns(input),
            vehicleTypeId: typeId,
            vehicleTypeCategoryId: categoryId,
            updatedAt: clock.now(),
          });
          await r.deleteImages(id, removed);
          await r.insertImages(id, (await r.maxImagePosition(id)) + 1, newImages);
          await r.replacePropertyValues(id, values);
          await savePlaceOfForm(tx, id, current.ownerId, place, clock.now(), false);
          return existing.filter((img) => removed.includes(img.id));
        });
      } catch (error) {
        await discard(newImages);
        throw error;
      }
      // Only once the rows are gone: a failed edit keeps its images.
      await deleteObjectsOf(removedImages, 'removing the images an edit dropped');
      return detailOrThrow(id);
    },

    /**
     * Owner or any employee; soft delete (rentals and reviews keep their vehicle); refused while an
     * Active rental has not ended. The photos go: their rows in the transaction, the objects after
     * it commits (a booking history then shows the vehicle without a picture).
     */
    async remove(actor: SessionUser, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const removedImages = await db.transaction(async (tx) => {
        const r = createVehiclesRepository(tx);
        const vehicle = await r.findLive(id, true);
        if (!vehicle) throw notFound();
        if (vehicle.ownerId !== actor.id && !actor.isCompanyEmployee) throw AppError.forbidden(VehicleMessages.notYourVehicle);
        if (await r.hasUnfinishedActiveRental(id, today(clock, timeZone))) {
          throw AppError.conflict('This vehicle has an active rental that has not ended yet, so it cannot be deleted.', ErrorCode.InUse);
        }
        await r.softDelete(id, clock.now());
        return r.deleteAllImages(id);
      });
      await deleteObjectsOf(removedImages, 'removing the images of a deleted vehicle');
    },

    async myVehicles(actor: SessionUser): Promise<MyVehicle[]> {
      const rows = await repo.ownedBy(actor.id);
      return rows.map((row) => ({
        id: row.id,
        imageUrl: row.imageUrl ?? '',
        make: row.make,
        model: row.model,
        fuelType: FUEL_TYPES[row.fuelType] ?? 'None',
        pricePerDay: centsToEuros(row.pricePerDayCents),
        timesBooked: Number(row.timesBooked),
        starRating: meanStars(row.starsTotal, row.reviewCount),
        reviewCount: row.reviewCount,
        city: row.city,
      }));
    },
  };
}
export type VehiclesService = ReturnType<typeof createVehiclesService>;
