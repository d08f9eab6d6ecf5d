import {
  DeletedSchema,
  VehicleCategoryListSchema,
  VehicleCategorySaveRequestSchema,
  VehicleCategorySchema,
  VehiclePropertyListSchema,
  VehiclePropertySaveRequestSchema,
  VehiclePropertySchema,
  VehicleTypeListSchema,
  VehicleTypeSaveRequestSchema,
  VehicleTypeSchema,
} from '@rentdrive/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireEmployee } from '../../plugins/session';
import type { CatalogueService } from './catalogue.service';
import type { ZodTypeProvider } from '../../plugins/zod-schemas';
import { isUuid } from '@rentdrive/contracts/ids';
import { CataloguePaths } from '@rentdrive/contracts/paths';

const IdParams = z.object({ id: z.string() });

/** Integer ids in paths: anything else names no row (404, like an unknown id). */
function intId(raw: string, notFound: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw AppError.notFound(notFound);
  return Number(raw);
}
function uuidId(raw: string, notFound: string): string {
  if (!isUuid(raw)) throw AppError.notFound(notFound);
  return raw.toLowerCase();
}

/** Vehicle types, categories and properties. Reads are public; writes are for employees (401 / 403 first, then the body). */
export function registerCatalogueRoutes(app: FastifyInstance, service: CatalogueService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for a hook without `done` only when it returns a promise; async turns the throw into a rejection.
  const employeeOnly = { preValidation: async (request: Parameters<typeof requireEmployee>[0]) => void requireEmployee(request) };

  // ---- types ----
  api.get(
    CataloguePaths.types,
    { config: { access: 'public' }, schema: { tags: ['catalogue'], response: { 200: VehicleTypeListSchema } } },
    () => service.listTypes(),
  );

  api.post(
    CataloguePaths.createType,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], body: VehicleTypeSaveRequestSchema, response: { 200: VehicleTypeSchema } },
    },
    (request) => service.createType(request.body.name),
  );

  api.put(
    CataloguePaths.editType.pattern,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], params: IdParams, body: VehicleTypeSaveRequestSchema, response: { 200: VehicleTypeSchema } },
    },
    (request) => service.renameType(intId(request.params.id, 'Vehicle type not found.'), request.body.name),
  );

  api.delete(
    CataloguePaths.deleteType.pattern,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], params: IdParams, response: { 200: DeletedSchema } },
    },
    async (request) => {
      const id = intId(request.params.id, 'Vehicle type not found.');
      await service.deleteType(id);
      return { id, succeeded: true as const };
    },
  );

  // ---- categories ----
  api.get(
    CataloguePaths.categories,
    { config: { access: 'public' }, schema: { tags: ['catalogue'], response: { 200: VehicleCategoryListSchema } } },
    () => service.listCategories(),
  );

  api.post(
    CataloguePaths.createCategory,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], body: VehicleCategorySaveRequestSchema, response: { 200: VehicleCategorySchema } },
    },
    (request) => {
      const { name, description, vehicleTypeId } = request.body;
      return service.createCategory({ name, description, vehicleTypeId });
    },
  );

  api.put(
    CataloguePaths.editCategory.pattern,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], params: IdParams, body: VehicleCategorySaveRequestSchema, response: { 200: VehicleCategorySchema } },
    },
    (request) => {
      const { name, description, vehicleTypeId } = request.body;
      return service.updateCategory(intId(request.params.id, 'Vehicle category not found.'), {
        name,
        description,
        vehicleTypeId,
      });
    },
  );

  api.delete(
    CataloguePaths.deleteCategory.pattern,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], params: IdParams, response: { 200: DeletedSchema } },
    },
    async (request) => {
      const id = intId(request.params.id, 'Vehicle category not found.');
      await service.deleteCategory(id);
      return { id, succeeded: true as const };
    },
  );

  // ---- properties ----
  api.get(
    CataloguePaths.properties,
    { config: { access: 'public' }, schema: { tags: ['catalogue'], response: { 200: VehiclePropertyListSchema } } },
    () => service.listProperties(),
  );

  api.post(
    CataloguePaths.createProperty,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], body: VehiclePropertySaveRequestSchema, response: { 200: VehiclePropertySchema } },
    },
    (request) => {
      const { name, valueType, unitOfMeasurement, vehicleTypeId } = request.body;
      return service.createProperty({ name, valueType, unitOfMeasurement, vehicleTypeId });
    },
  );

  api.put(
    CataloguePaths.editProperty.pattern,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], params: IdParams, body: VehiclePropertySaveRequestSchema, response: { 200: VehiclePropertySchema } },
    },
    (request) => {
      const { name, valueType, unitOfMeasurement, vehicleTypeId } = request.body;
      const id = uuidId(request.params.id, 'Vehicle type property not found.');
      return service.updateProperty(id, { name, valueType, unitOfMeasurement, vehicleTypeId });
    },
  );

  api.delete(
    CataloguePaths.deleteProperty.pattern,
    {
      config: { access: 'employee' },
      ...employeeOnly,
      schema: { tags: ['catalogue'], params: IdParams, response: { 200: DeletedSchema } },
    },
    async (request) => {
      const id = uuidId(request.params.id, 'Vehicle type property not found.');
      await service.deleteProperty(id);
      return { id, succeeded: true as const };
    },
  );
}
