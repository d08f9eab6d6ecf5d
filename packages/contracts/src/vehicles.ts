import { z } from 'zod';
import { isIsoDay } from '@rentdrive/domain/dates';
import { hasAtMostTwoDecimals } from '@rentdrive/domain/money';
import { enumInput } from './catalogue';
import { endpoint } from './endpoint';
import { FUEL_TYPES, UNITS, VALUE_TYPES, type ValueTypeName } from './enums';
import { SERIAL_ID_MAX } from './ids';
import { PublicPlaceSchema, VehicleLocationSchema } from './location';
import { VehiclePaths } from './paths/vehicles';
import { multiline } from './text';

/**
 * Vehicles: details, create/edit (multipart), delete, My Vehicles.
 *
 * Endpoints (all answer problem+json on failure; `detail` is the sentence to show):
 * - GET    /api/vehicle/{id}            public; VehicleDetail; 404 'Vehicle not found.' (deleted too)
 * - GET    /api/vehicle/edit/{id}       owner, or an employee for company vehicles; VehicleEditLoad
 * - POST   /api/vehicle/create          signed in; multipart (fields below); answers VehicleDetail (200)
 * - PUT    /api/vehicle/edit/{id}       same rights as the edit load; multipart; answers VehicleDetail
 * - DELETE /api/vehicle/delete/{id}     owner or any employee; soft delete; answers {id, succeeded}
 *                                       409 while an Active rental has not ended
 * - GET    /api/vehicle/user-vehicles   signed in; MyVehicle[] of the caller, newest first
 *
 * Multipart field names are matched case-insensitively (`make` = `Make`). Create:
 *   Make, Model, Color, PricePerDay (euros), isCompanyProperty ('true'/'false'; only employees may
 *   send true: the vehicle then belongs to the company account), FuelType (name or id),
 *   DateOfProduction ('YYYY-MM-DD' or an ISO date-time; the day part is kept), CurbWeightInKg
 *   (whole kg), Description, VehicleTypeId, VehicleTypeCategoryId (must belong to the type),
 *   PropertyValues[i].PropertyId + PropertyValues[i].Value (i = 0, 1, ...), Images (repeated file
 *   parts, 1 to 15, JPEG/PNG/WebP, each under 10 MB).
 * Edit (PUT): Id (optional; must match the path), the same base fields (VehicleTypeId and
 *   VehicleTypeCategoryId optional: omitted keeps the current ones; isCompanyProperty is ignored:
 *   ownership does not change), VehicleTypePropertyInputValues[i].PropertyId + .Value (given values
 *   replace the old ones; omitted properties keep their value), NewImages (repeated files),
 *   RemovedImageIds (repeated field, or RemovedImageIds[i]): ids from VehicleEditLoad.images. At
 *   least one image must remain and 15 at most in total.
 * Property values travel as text and must parse by the property's value type (parsePropertyValue):
 * Int whole >= 1, Double >= 1, Boolean 'true'/'false', String up to 100 characters. Every property
 * of the type is required except Booleans (a missing Boolean is stored as 'false') and those that do
 * not concern the vehicle's fuel (@rentdrive/domain/property-fuels: a petrol car's range, an electric
 * car's fuel consumption), which are not stored when left empty.
 *
 * Refusals: 400 with `errors` keyed by field (`make`, `pricePerDay`, `images`, ...; property values
 * under `propertyValues.<propertyId>` on create AND edit; `detail` names the property, e.g.
 * 'Seats: Please enter a whole number of at least 1.'), 401, 403 (not yours / company vehicle /
 * company property), 404, 413 'Each image must be smaller than 10 MB.', 415 'notes.pdf: Only JPEG, PNG
 * or WebP images are accepted.' (the bytes are checked, the file named; also for a body that is not multipart).
 * Images are re-encoded to WebP without metadata: imageURLS are the large ones (at most 1600 px);
 * thumbnails (480x360, 4:3 crop) sit beside them as '<uuid>-thumb.webp'.
 */

export const MAX_VEHICLE_IMAGES = 15;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** What the server accepts; it checks the bytes, not the name or the declared type. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const VEHICLE_MAKE_MAX = 50;
export const VEHICLE_MODEL_MAX = 50;
export const VEHICLE_COLOR_MAX = 30;
export const VEHICLE_DESCRIPTION_MAX = 2000;
export const PROPERTY_STRING_MAX = 100;
export const PRICE_PER_DAY_MIN = 1;
export const PRICE_PER_DAY_MAX = 100_000;
export const CURB_WEIGHT_MIN_KG = 1;
export const CURB_WEIGHT_MAX_KG = 100_000;
export const PRODUCTION_YEAR_MIN = 1900;

export const VehicleMessages = {
  notFound: 'Vehicle not found.',
  makeRequired: 'Make is required.',
  makeTooLong: `Make must not exceed ${VEHICLE_MAKE_MAX} characters.`,
  modelRequired: 'Model is required.',
  modelTooLong: `Model must not exceed ${VEHICLE_MODEL_MAX} characters.`,
  colorRequired: 'Color is required.',
  colorTooLong: `Color must not exceed ${VEHICLE_COLOR_MAX} characters.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must not exceed ${VEHICLE_DESCRIPTION_MAX} characters.`,
  priceInvalid: 'Price per day must be a number.',
  priceMin: 'Price per day must be at least 1.',
  priceMax: `Price per day must not exceed ${PRICE_PER_DAY_MAX}.`,
  priceDecimals: 'Price per day can have at most 2 decimals.',
  weightInvalid: 'Curb weight must be a whole number of kilograms.',
  weightMin: 'Curb weight must be at least 1.',
  weightMax: `Curb weight must not exceed ${CURB_WEIGHT_MAX_KG} kg.`,
  fuelRequired: 'Please choose a fuel type.',
  fuelNotOfType: 'This fuel type is not available for the chosen vehicle type.',
  dateRequired: 'Date of production is required.',
  dateInvalid: 'Date of production must be a valid date.',
  dateInFuture: 'Date of production cannot be in the future.',
  dateTooOld: `Date of production must be in ${PRODUCTION_YEAR_MIN} or later.`,
  typeRequired: 'Please choose a vehicle type.',
  categoryRequired: 'Please choose a vehicle category.',
  categoryNotOfType: 'The category does not belong to the chosen vehicle type.',
  propertyNotOfType: 'This property does not belong to the chosen vehicle type.',
  propertyRequired: 'This field is required.',
  propertyInt: 'Please enter a whole number of at least 1.',
  propertyDouble: 'Please enter a number of at least 1.',
  propertyBoolean: 'Please choose true or false.',
  propertyStringTooLong: `Text values must not exceed ${PROPERTY_STRING_MAX} characters.`,
  imagesRequired: 'Please upload at least one image.',
  tooManyImages: `A vehicle can have at most ${MAX_VEHICLE_IMAGES} images.`,
  imageTooLarge: 'Each image must be smaller than 10 MB.',
  imageType: 'Only JPEG, PNG or WebP images are accepted.',
  imageUnreadable: 'One of the images could not be read. Please upload a valid JPEG, PNG or WebP image.',
  imageTooManyPixels: 'Each image can have at most 50 megapixels.',
  companyPropertyEmployeesOnly: 'Only company employees can list company property.',
  notYourVehicle: 'You can only change your own vehicles.',
  companyVehicleEmployeesOnly: 'Only company employees can edit company vehicles.',
  failedToSave: 'Failed to save vehicle',
  failedToRemove: 'Failed to remove vehicle',
} as const;

/** Multipart field names the existing client sends; the server ignores case. */
export const VehicleFormFields = {
  id: 'Id',
  make: 'Make',
  model: 'Model',
  color: 'Color',
  pricePerDay: 'PricePerDay',
  isCompanyProperty: 'isCompanyProperty',
  fuelType: 'FuelType',
  dateOfProduction: 'DateOfProduction',
  curbWeightInKg: 'CurbWeightInKg',
  description: 'Description',
  vehicleTypeId: 'VehicleTypeId',
  vehicleTypeCategoryId: 'VehicleTypeCategoryId',
  images: 'Images',
  newImages: 'NewImages',
  removedImageIds: 'RemovedImageIds',
} as const;

/** `PropertyValues[i].PropertyId` / `.Value` (create). */
export function createPropertyField(index: number, part: 'PropertyId' | 'Value'): string {
  return `PropertyValues[${index}].${part}`;
}

/** `VehicleTypePropertyInputValues[i].PropertyId` / `.Value` (edit). */
export function editPropertyField(index: number, part: 'PropertyId' | 'Value'): string {
  return `VehicleTypePropertyInputValues[${index}].${part}`;
}

// ---- Field schemas (shared by the form and the server) -------------------------------------------

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const MakeSchema = requiredText(VEHICLE_MAKE_MAX, VehicleMessages.makeRequired, VehicleMessages.makeTooLong);
export const ModelSchema = requiredText(VEHICLE_MODEL_MAX, VehicleMessages.modelRequired, VehicleMessages.modelTooLong);
export const ColorSchema = requiredText(VEHICLE_COLOR_MAX, VehicleMessages.colorRequired, VehicleMessages.colorTooLong);
export const DescriptionSchema = multiline(
  requiredText(VEHICLE_DESCRIPTION_MAX, VehicleMessages.descriptionRequired, VehicleMessages.descriptionTooLong),
);

/** Euros, 1 to 100,000, at most 2 decimals. */
export const PricePerDaySchema = z
  .number({ error: VehicleMessages.priceInvalid })
  .min(PRICE_PER_DAY_MIN, VehicleMessages.priceMin)
  .max(PRICE_PER_DAY_MAX, VehicleMessages.priceMax)
  .refine(hasAtMostTwoDecimals, VehicleMessages.priceDecimals);

export const CurbWeightSchema = z
  .number({ error: VehicleMessages.weightInvalid })
  .int(VehicleMessages.weightInvalid)
  .min(CURB_WEIGHT_MIN_KG, VehicleMessages.weightMin)
  .max(CURB_WEIGHT_MAX_KG, VehicleMessages.weightMax);

export const FuelTypeInputSchema = enumInput(FUEL_TYPES, VehicleMessages.fuelRequired);

/** 'YYYY-MM-DD' or an ISO date-time; parses to the 'YYYY-MM-DD' day. The server also refuses future days. */
export const DateOfProductionSchema = z
  .string({ error: VehicleMessages.dateRequired })
  .trim()
  .min(1, VehicleMessages.dateRequired)
  .transform((value, ctx) => {
    const day = value.slice(0, 10);
    const rest = value.slice(10);
    const restOk = rest === '' || (/^T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(rest) && !Number.isNaN(Date.parse(value)));
    if (!isIsoDay(day) || !restOk) {
      ctx.addIssue({ code: 'custom', message: VehicleMessages.dateInvalid });
      return z.NEVER;
    }
    if (Number(day.slice(0, 4)) < PRODUCTION_YEAR_MIN) {
      ctx.addIssue({ code: 'custom', message: VehicleMessages.dateTooOld });
      return z.NEVER;
    }
    return day;
  });

/** true/false, also as the strings 'true'/'false' (any case) that multipart carries; absent is false. */
export const BooleanFieldSchema = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return false;
    if (typeof value === 'boolean') return value;
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === 'on') return true;
    if (lower === 'false') return false;
    ctx.addIssue({ code: 'custom', message: 'Please choose true or false.' });
    return z.NEVER;
  });

const TypeIdSchema = z
  .number({ error: VehicleMessages.typeRequired })
  .int(VehicleMessages.typeRequired)
  .positive(VehicleMessages.typeRequired)
  .max(SERIAL_ID_MAX, VehicleMessages.typeRequired);
const CategoryIdSchema = z
  .number({ error: VehicleMessages.categoryRequired })
  .int(VehicleMessages.categoryRequired)
  .positive(VehicleMessages.categoryRequired)
  .max(SERIAL_ID_MAX, VehicleMessages.categoryRequired);

export const PropertyValueInputSchema = z.object({
  propertyId: z.string({ error: VehicleMessages.propertyNotOfType }).trim().min(1, VehicleMessages.propertyNotOfType),
  /** Text as typed; checked against the property's value type by parsePropertyValue. */
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
export type PropertyValueInput = z.infer<typeof PropertyValueInputSchema>;

const baseFields = {
  make: MakeSchema,
  model: ModelSchema,
  color: ColorSchema,
  pricePerDay: PricePerDaySchema,
  fuelType: FuelTypeInputSchema,
  dateOfProduction: DateOfProductionSchema,
  curbWeightInKg: CurbWeightSchema,
  description: DescriptionSchema,
};

/** The text fields of POST /api/vehicle/create (images travel as file parts beside them). */
export const VehicleCreateFieldsSchema = z.object({
  ...baseFields,
  isCompanyProperty: BooleanFieldSchema,
  vehicleTypeId: TypeIdSchema,
  vehicleTypeCategoryId: CategoryIdSchema,
  propertyValues: z.array(PropertyValueInputSchema).max(100).default([]),
});
export type VehicleCreateFields = z.infer<typeof VehicleCreateFieldsSchema>;

/** The text fields of PUT /api/vehicle/edit/{id}. */
export const VehicleEditFieldsSchema = z.object({
  id: z.string().trim().optional(),
  ...baseFields,
  vehicleTypeId: TypeIdSchema.optional(),
  vehicleTypeCategoryId: CategoryIdSchema.optional(),
  vehicleTypePropertyInputValues: z.array(PropertyValueInputSchema).max(100).default([]),
  removedImageIds: z.array(z.string().trim()).max(100).default([]),
});
export type VehicleEditFields = z.infer<typeof VehicleEditFieldsSchema>;

export type ParsedPropertyValue = { ok: true; value: string } | { ok: false; message: string };

/**
 * Checks a property value against its value type and returns the text stored for it: Int a whole
 * number >= 1, Double a number >= 1 (a count or size of zero describes no vehicle), Boolean 'true'/'false' (missing is
 * 'false'), String 1 to 100 characters. Non-Boolean values are required.
 */
export function parsePropertyValue(valueType: ValueTypeName, raw: unknown): ParsedPropertyValue {
  // The wire schemas admit only strings, numbers and booleans; anything else counts as missing.
  const text = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' ? String(raw).trim() : '';
  if (valueType === 'Boolean') {
    const lower = text.toLowerCase();
    if (lower === '' || lower === 'false') return { ok: true, value: 'false' };
    if (lower === 'true') return { ok: true, value: 'true' };
    return { ok: false, message: VehicleMessages.propertyBoolean };
  }
  if (text === '') return { ok: false, message: VehicleMessages.propertyRequired };
  if (valueType === 'String') {
    return text.length > PROPERTY_STRING_MAX ? { ok: false, message: VehicleMessages.propertyStringTooLong } : { ok: true, value: text };
  }
  if (valueType === 'Int') {
    if (!/^[+]?\d{1,9}$/.test(text) || Number(text) < 1) return { ok: false, message: VehicleMessages.propertyInt };
    return { ok: true, value: String(Number(text)) };
  }
  if (!/^[+]?(\d{1,9}(\.\d+)?|\.\d+)$/.test(text) || Number(text) < 1) return { ok: false, message: VehicleMessages.propertyDouble };
  return { ok: true, value: String(Number(text)) };
}

// ---- Responses -----------------------------------------------------------------------------------

export const VehiclePropertyDisplaySchema = z.object({
  vehicleTypePropertyName: z.string(),
  /** Text: Booleans are 'true'/'false' (the page shows a check or a cross). */
  vehicleTypePropertyValue: z.string(),
  /** Unit name; 'None' means show no unit. */
  unitOfMeasurement: z.enum(UNITS),
});

export const VehicleReviewSchema = z.object({
  username: z.string(),
  starRating: z.number(),
  comment: z.string().nullable(),
  /** When the review was written (ISO timestamp). */
  createdOn: z.string(),
});

export const VehicleDetailSchema = z.object({
  id: z.string().uuid(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  /** Fuel name, e.g. 'Petrol'. */
  fuelType: z.enum(FUEL_TYPES),
  /** 'YYYY-MM-DD' */
  dateOfProduction: z.string(),
  curbWeightInKg: z.number().int(),
  description: z.string(),
  /** Euros. */
  pricePerDay: z.number(),
  ownerId: z.string().uuid(),
  ownerName: z.string(),
  isCompanyProperty: z.boolean(),
  /** Type name. */
  vehicleType: z.string(),
  /** Category name. */
  vehicleTypeCategory: z.string(),
  /** Mean of the review stars (0 when none), 2 decimals at most. */
  starsRating: z.number(),
  reviewCount: z.number().int(),
  /** Large images, relative URLs ('images/vehicles/<uuid>.webp'), in gallery order. */
  imageURLS: z.array(z.string()),
  /** The same images as 480x360 thumbnails, relative URLs, in the same order. */
  thumbnailURLS: z.array(z.string()),
  vehicleProperties: z.array(VehiclePropertyDisplaySchema),
  /** Newest first. */
  vehicleReviews: z.array(VehicleReviewSchema),
  /** Issue 26: the city and a rounded point (~550 m grid) with the circle to draw; null without a place. */
  place: PublicPlaceSchema.nullish(),
  /** Issue 26: the exact place with the address, only for the owner (or an employee for a company vehicle). */
  exactPlace: VehicleLocationSchema.nullish(),
});
export type VehicleDetail = z.infer<typeof VehicleDetailSchema>;

export const VehicleImageSchema = z.object({
  id: z.string().uuid(),
  /** Large image, relative URL. */
  url: z.string(),
  /** Thumbnail (about 480 px), relative URL. */
  thumbUrl: z.string(),
});
export type VehicleImage = z.infer<typeof VehicleImageSchema>;

export const VehicleEditPropertyValueSchema = z.object({
  propertyId: z.string().uuid(),
  vehicleTypePropertyName: z.string(),
  /** '' when the vehicle has no value for it yet (a property added to the type later). */
  vehicleTypePropertyValue: z.string(),
  valueType: z.enum(VALUE_TYPES),
  unitOfMeasurement: z.enum(UNITS),
});
export type VehicleEditPropertyValue = z.infer<typeof VehicleEditPropertyValueSchema>;

export const VehicleEditLoadSchema = VehicleDetailSchema.extend({
  vehicleTypeId: z.number().int(),
  vehicleTypeCategoryId: z.number().int(),
  /** Same as imageURLS (the existing client reads this spelling on the edit screen). */
  imageURLs: z.array(z.string()),
  /** The images with their ids, for RemovedImageIds. */
  images: z.array(VehicleImageSchema),
  /** Every live property of the vehicle's type, with the vehicle's value ('' if none). */
  vehicleTypePropertyValues: z.array(VehicleEditPropertyValueSchema),
});
export type VehicleEditLoad = z.infer<typeof VehicleEditLoadSchema>;

export const MyVehicleSchema = z.object({
  id: z.string().uuid(),
  /** Thumbnail of the first image, relative URL ('' if none). */
  imageUrl: z.string(),
  make: z.string(),
  model: z.string(),
  fuelType: z.enum(FUEL_TYPES),
  pricePerDay: z.number(),
  /** Non-cancelled rentals. */
  timesBooked: z.number().int(),
  starRating: z.number(),
  reviewCount: z.number().int(),
  /** Issue 26: the pick-up city; null while the vehicle has no place (the owner is asked to add one). */
  city: z.string().nullish(),
});
export type MyVehicle = z.infer<typeof MyVehicleSchema>;
export const MyVehicleListSchema = z.array(MyVehicleSchema);

export const VehicleDeletedSchema = z.object({ id: z.string().uuid(), succeeded: z.literal(true) });
export type VehicleDeleted = z.infer<typeof VehicleDeletedSchema>;

/**
 * Vehicles: details, edit load, create, edit, delete, my vehicles. Create and edit take a multipart
 * form (VehicleCreateFieldsSchema / VehicleEditFieldsSchema validate its text fields, the server reads the images).
 */
export const Vehicles = {
  detail: endpoint('GET', VehiclePaths.detail, { response: { 200: VehicleDetailSchema } }),
  editLoad: endpoint('GET', VehiclePaths.edit, { response: { 200: VehicleEditLoadSchema } }),
  delete: endpoint('DELETE', VehiclePaths.delete, { response: { 200: VehicleDeletedSchema } }),
  userVehicles: endpoint('GET', VehiclePaths.userVehicles, { response: { 200: MyVehicleListSchema } }),
  create: endpoint('POST', VehiclePaths.create, { response: { 200: VehicleDetailSchema } }),
  edit: endpoint('PUT', VehiclePaths.edit, { response: { 200: VehicleDetailSchema } }),
};
