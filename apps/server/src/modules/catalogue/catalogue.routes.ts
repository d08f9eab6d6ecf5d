import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Catalogue } from '@rentdrive/contracts/catalogue';
import { isUuid } from '@rentdrive/contracts/ids';
import { AppError } from '../../lib/app-error';
import { storedTranslations } from '../../lib/catalogue-names';
import { requestLocale } from '../../lib/i18n';
import { varyByLanguage } from '../../lib/vary';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { auditContext } from '../audit/audit.service';
import type { CatalogueService } from './catalogue.service';

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
  // Every employee change goes into the audit trail in the change's own transaction (issue 28).
  const who = auditContext;
  // Names are in the request's language (issue 24): a shared cache keeps one answer per language.
  const locale = (request: FastifyRequest, reply: FastifyReply) => {
    varyByLanguage(reply);
    return requestLocale(request);
  };

  route(Catalogue.translations, employee, (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return service.translations();
  });

  // ---- types ----
  route(Catalogue.types, { access: 'public' }, (request, reply) => service.listTypes(locale(request, reply)));
  route(Catalogue.createType, employee, (request, reply) =>
    service.createType(request.body.name, storedTranslations(request.body.translations), locale(request, reply), who(request)),
  );
  route(Catalogue.editType, employee, (request, reply) =>
    service.renameType(
      intId(request.params.id, 'Vehicle type not found.'),
      request.body.name,
      storedTranslations(request.body.translations),
      locale(request, reply),
      who(request),
    ),
  );
  route(Catalogue.deleteType, employee, async (request) => {
    const id = intId(request.params.id, 'Vehicle type not found.');
    await service.deleteType(id, who(request));
    return deleted(id);
  });

  // ---- categories ----
  route(Catalogue.categories, { access: 'public' }, (request, reply) => service.listCategories(locale(request, reply)));
  route(Catalogue.createCategory, employee, async (request, reply) => {
    const { name, description, vehicleTypeId } = request.body;
    const translations = storedTranslations(request.body.translations);
    return service.createCategory({ name, translations, description, vehicleTypeId }, locale(request, reply), who(request));
  });
  route(Catalogue.editCategory, employee, async (request, reply) => {
    const { name, description, vehicleTypeId } = request.body;
    const translations = storedTranslations(request.body.translations);
    const id = intId(request.params.id, 'Vehicle category not found.');
    return service.updateCategory(id, { name, translations, description, vehicleTypeId }, locale(request, reply), who(request));
  });
  route(Catalogue.deleteCategory, employee, async (request) => {
    const id = intId(request.params.id, 'Vehicle category not found.');
    await service.deleteCategory(id, who(request));
    return deleted(id);
  });

  // ---- properties ----
  route(Catalogue.properties, { access: 'public' }, (request, reply) => service.listProperties(locale(request, reply)));
  route(Catalogue.createProperty, employee, async (request, reply) => {
    const { name, valueType, unitOfMeasurement, vehicleTypeId } = request.body;
    const translations = storedTranslations(request.body.translations);
    return service.createProperty(
      { name, translations, valueType, unitOfMeasurement, vehicleTypeId },
      locale(request, reply),
      who(request),
    );
  });
  route(Catalogue.editProperty, employee, async (request, reply) => {
    const { name, valueType, unitOfMeasurement, vehicleTypeId } = request.body;
    const translations = storedTranslations(request.body.translations);
    const id = uuidId(request.params.id, 'Vehicle type property not found.');
    return service.updateProperty(
      id,
      { name, translations, valueType, unitOfMeasurement, vehicleTypeId },
      locale(request, reply),
      who(request),
    );
  });
  route(Catalogue.deleteProperty, employee, async (request) => {
    const id = uuidId(request.params.id, 'Vehicle type property not found.');
    await service.deleteProperty(id, who(request));
    return deleted(id);
  });
}
