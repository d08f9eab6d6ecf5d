import { Catalogue } from '@rentdrive/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import type { CatalogueService } from './catalogue.service';
import { isUuid } from '@rentdrive/contracts/ids';

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
  const { route } = endpointRoutes(app, { tags: ['catalogue'] });
  const employee = { access: 'employee' } as const;
  const deleted = <Id>(id: Id) => ({ id, succeeded: true as const });

  // ---- types ----
  route(Catalogue.types, { access: 'public' }, () => service.listTypes());
  route(Catalogue.createType, employee, (request) => service.createType(request.body.name));
  route(Catalogue.editType, employee, (request) =>
    service.renameType(intId(request.params.id, 'Vehicle type not found.'), request.body.name),
  );
  route(Catalogue.deleteType, employee, async (request) => {
    const id = intId(request.params.id, 'Vehicle type not found.');
    await service.deleteType(id);
    return deleted(id);
  });

  // ---- categories ----
  route(Catalogue.categories, { access: 'public' }, () => service.listCategories());
  route(Catalogue.createCategory, employee, (request) => {
    const { name, description, vehicleTypeId } = request.body;
    return service.createCategory({ name, description, vehicleTypeId });
  });
  route(Catalogue.editCategory, employee, (request) => {
    const { name, description, vehicleTypeId } = request.body;
    return service.updateCategory(intId(request.params.id, 'Vehicle category not found.'), { name, description, vehicleTypeId });
  });
  route(Catalogue.deleteCategory, employee, async (request) => {
    const id = intId(request.params.id, 'Vehicle category not found.');
    await service.deleteCategory(id);
    return deleted(id);
  });

  // ---- properties ----
  route(Catalogue.properties, { access: 'public' }, () => service.listProperties());
  route(Catalogue.createProperty, employee, (request) => {
    const { name, valueType, unitOfMeasurement, vehicleTypeId } = request.body;
    return service.createProperty({ name, valueType, unitOfMeasurement, vehicleTypeId });
  });
  route(Catalogue.editProperty, employee, (request) => {
    const { name, valueType, unitOfMeasurement, vehicleTypeId } = request.body;
    const id = uuidId(request.params.id, 'Vehicle type property not found.');
    return service.updateProperty(id, { name, valueType, unitOfMeasurement, vehicleTypeId });
  });
  route(Catalogue.deleteProperty, employee, async (request) => {
    const id = uuidId(request.params.id, 'Vehicle type property not found.');
    await service.deleteProperty(id);
    return deleted(id);
  });
}
