import { z } from 'zod';
import { endpoint } from './endpoint';
import { FUEL_TYPES, UNITS, VALUE_TYPES, parseEnum } from './enums';
import { SERIAL_ID_MAX } from './ids';
import { CataloguePaths } from './paths/catalogue';
import { multiline } from './text';

/**
 * Catalogue: vehicle types, their categories and their properties. Reads are public; every write is for company employees.
 *
 * Create and edit answer the saved object with its id (200); delete answers `{id, succeeded: true}`.
 * Refusals: 400 validation (messages below), 401 signed out, 403 not an employee, 404 unknown id,
 * 409 a name already taken in its scope, or a type/category/property still used by live vehicles
 * (`detail` is the sentence to show in the error modal).
 */

export const CatalogueMessages = {
  nameRequired: 'Name cannot be empty.',
  /** Categories: name, description or type missing. */
  invalidData: 'Please enter valid data!',
  nameTooLong: 'Name must not exceed 50 characters.',
  descriptionTooLong: 'Description must not exceed 500 characters.',
  valueTypeInvalid: 'Please choose a value type (String, Int, Double or Boolean).',
  unitInvalid: 'Please choose a unit of measurement.',
  vehicleTypeRequired: 'Please choose a vehicle type.',
} as const;

export const CATALOGUE_NAME_MAX = 50;
export const CATEGORY_DESCRIPTION_MAX = 500;

/** An enum given as its name ('Petrol', 'cc', case-insensitive) or its id (2, '2'); parses to the id. */
export function enumInput(names: readonly string[], message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const id = parseEnum(names, value);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
}

export const FuelItemSchema = z.object({ id: z.number().int(), name: z.enum(FUEL_TYPES) });
export type FuelItem = z.infer<typeof FuelItemSchema>;

/** The client sends its temporary row id and an isNew flag; the server ignores both (the path says which row). */
const clientRowFields = {
  id: z.unknown().optional(),
  isNew: z.unknown().optional(),
};

const NameSchema = z
  .string({ error: CatalogueMessages.nameRequired })
  .trim()
  .min(1, CatalogueMessages.nameRequired)
  .max(CATALOGUE_NAME_MAX, CatalogueMessages.nameTooLong);

/**
 * A catalogue name in the other languages (issue 24): { de: 'Auto', fr: 'Voiture' }; a language left
 * out shows the English name. The lists' `name` is in the request's language (Accept-Language),
 * English when none is asked for; employees read every name's translations from
 * GET /api/catalogue/translations (the lists keep their fields).
 */
export const NameTranslationsSchema = z.object({
  de: z.string().optional(),
  fr: z.string().optional(),
  es: z.string().optional(),
  it: z.string().optional(),
  nl: z.string().optional(),
});
export type NameTranslations = z.infer<typeof NameTranslationsSchema>;

const TranslatedNameSchema = z.string().trim().max(CATALOGUE_NAME_MAX, CatalogueMessages.nameTooLong).optional();
/**
 * A save's names in the other languages: an empty one removes that language; leaving `translations`
 * out keeps the saved ones (clients that know only the English name).
 */
const TranslationsInputSchema = z
  .object({
    de: TranslatedNameSchema,
    fr: TranslatedNameSchema,
    es: TranslatedNameSchema,
    it: TranslatedNameSchema,
    nl: TranslatedNameSchema,
  })
  .optional();

// ---- Vehicle types -------------------------------------------------------------------------------

export const VehicleTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Distinct fuels of this type's live vehicles, by id. */
  availableFuels: z.array(FuelItemSchema),
});
export type VehicleType = z.infer<typeof VehicleTypeSchema>;
export const VehicleTypeListSchema = z.array(VehicleTypeSchema);

export const VehicleTypeSaveRequestSchema = z.object({ ...clientRowFields, name: NameSchema, translations: TranslationsInputSchema });
export type VehicleTypeSaveRequest = z.input<typeof VehicleTypeSaveRequestSchema>;

// ---- Categories ----------------------------------------------------------------------------------

export const VehicleCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  vehicleTypeId: z.number().int(),
});
export type VehicleCategory = z.infer<typeof VehicleCategorySchema>;
export const VehicleCategoryListSchema = z.array(VehicleCategorySchema);

export const VehicleCategorySaveRequestSchema = z.object({
  ...clientRowFields,
  name: z
    .string({ error: CatalogueMessages.invalidData })
    .trim()
    .min(1, CatalogueMessages.invalidData)
    .max(CATALOGUE_NAME_MAX, CatalogueMessages.nameTooLong),
  translations: TranslationsInputSchema,
  description: multiline(
    z
      .string({ error: CatalogueMessages.invalidData })
      .trim()
      .min(1, CatalogueMessages.invalidData)
      .max(CATEGORY_DESCRIPTION_MAX, CatalogueMessages.descriptionTooLong),
  ),
  vehicleTypeId: z
    .number({ error: CatalogueMessages.invalidData })
    .int(CatalogueMessages.invalidData)
    .positive(CatalogueMessages.invalidData)
    .max(SERIAL_ID_MAX, CatalogueMessages.invalidData),
});
export type VehicleCategorySaveRequest = z.input<typeof VehicleCategorySaveRequestSchema>;

// ---- Type properties -----------------------------------------------------------------------------

export const VehiclePropertySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** 'String' | 'Int' | 'Double' | 'Boolean' */
  valueType: z.enum(VALUE_TYPES),
  /** 'None' | 'Kg' | ... | 'In' */
  unitOfMeasurement: z.enum(UNITS),
  vehicleTypeId: z.number().int(),
});
export type VehicleProperty = z.infer<typeof VehiclePropertySchema>;
export const VehiclePropertyListSchema = z.array(VehiclePropertySchema);

export const VehiclePropertySaveRequestSchema = z.object({
  ...clientRowFields,
  name: NameSchema,
  translations: TranslationsInputSchema,
  /** name or id: 'Int' or 1 */
  valueType: enumInput(VALUE_TYPES, CatalogueMessages.valueTypeInvalid),
  /** name or id: 'cc' or 5; 'None' when the value has no unit */
  unitOfMeasurement: enumInput(UNITS, CatalogueMessages.unitInvalid),
  vehicleTypeId: z
    .number({ error: CatalogueMessages.vehicleTypeRequired })
    .int(CatalogueMessages.vehicleTypeRequired)
    .positive(CatalogueMessages.vehicleTypeRequired)
    .max(SERIAL_ID_MAX, CatalogueMessages.vehicleTypeRequired),
});
export type VehiclePropertySaveRequest = z.input<typeof VehiclePropertySaveRequestSchema>;

// ---- Shared --------------------------------------------------------------------------------------

export const DeletedSchema = z.object({ id: z.union([z.number(), z.string()]), succeeded: z.literal(true) });
export type Deleted = z.infer<typeof DeletedSchema>;

/** GET /api/catalogue/translations: each live row's names in the other languages, by id. */
export const CatalogueTranslationsSchema = z.object({
  types: z.array(z.object({ id: z.number().int(), translations: NameTranslationsSchema })),
  categories: z.array(z.object({ id: z.number().int(), translations: NameTranslationsSchema })),
  properties: z.array(z.object({ id: z.string().uuid(), translations: NameTranslationsSchema })),
});
export type CatalogueTranslations = z.infer<typeof CatalogueTranslationsSchema>;

/** Vehicle types, categories and properties: reads public, writes for employees. */
export const Catalogue = {
  types: endpoint('GET', CataloguePaths.types, { response: { 200: VehicleTypeListSchema } }),
  createType: endpoint('POST', CataloguePaths.createType, { body: VehicleTypeSaveRequestSchema, response: { 200: VehicleTypeSchema } }),
  editType: endpoint('PUT', CataloguePaths.editType, { body: VehicleTypeSaveRequestSchema, response: { 200: VehicleTypeSchema } }),
  deleteType: endpoint('DELETE', CataloguePaths.deleteType, { response: { 200: DeletedSchema } }),
  categories: endpoint('GET', CataloguePaths.categories, { response: { 200: VehicleCategoryListSchema } }),
  createCategory: endpoint('POST', CataloguePaths.createCategory, {
    body: VehicleCategorySaveRequestSchema,
    response: { 200: VehicleCategorySchema },
  }),
  editCategory: endpoint('PUT', CataloguePaths.editCategory, {
    body: VehicleCategorySaveRequestSchema,
    response: { 200: VehicleCategorySchema },
  }),
  deleteCategory: endpoint('DELETE', CataloguePaths.deleteCategory, { response: { 200: DeletedSchema } }),
  properties: endpoint('GET', CataloguePaths.properties, { response: { 200: VehiclePropertyListSchema } }),
  createProperty: endpoint('POST', CataloguePaths.createProperty, {
    body: VehiclePropertySaveRequestSchema,
    response: { 200: VehiclePropertySchema },
  }),
  editProperty: endpoint('PUT', CataloguePaths.editProperty, {
    body: VehiclePropertySaveRequestSchema,
    response: { 200: VehiclePropertySchema },
  }),
  deleteProperty: endpoint('DELETE', CataloguePaths.deleteProperty, { response: { 200: DeletedSchema } }),
  /** Employees: the names in the other languages, for the catalogue screens (issue 24). */
  translations: endpoint('GET', CataloguePaths.translations, { response: { 200: CatalogueTranslationsSchema } }),
};
