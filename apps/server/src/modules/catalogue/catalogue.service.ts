import type { CatalogueTranslations, VehicleCategory, VehicleProperty, VehicleType } from '@rentdrive/contracts/catalogue';
import { FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import { ErrorCode } from '@rentdrive/contracts/errors';
import type { Locale } from '@rentdrive/contracts/locales';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import type { NameTranslations } from '../../db/schema/catalogue';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { localName } from '../../lib/catalogue-names';
import type { Clock } from '../../lib/clock';
import { recordAudit, type AuditAction, type AuditContext } from '../audit/audit.service';
import { CatalogueRefusals } from './catalogue-messages';
import { createCatalogueRepository, type CategoryRow, type PropertyRow } from './catalogue.repository';

export interface CatalogueServiceDeps {
  db: Db;
  clock: Clock;
}

export interface CategoryInput {
  name: string;
  /** Undefined keeps the saved ones. */
  translations?: NameTranslations;
  description: string;
  vehicleTypeId: number;
}
export interface PropertyInput {
  name: string;
  translations?: NameTranslations;
  valueType: number;
  unitOfMeasurement: number;
  vehicleTypeId: number;
}

/** `locale`: the request's language; the name is in it, English when none (issue 24). */
export function toCategoryDto(row: CategoryRow, locale?: Locale): VehicleCategory {
  return {
    id: row.id,
    name: localName(row.name, row.translations, locale),
    description: row.description,
    vehicleTypeId: row.vehicleTypeId,
  };
}

export function toPropertyDto(row: PropertyRow, locale?: Locale): VehicleProperty {
  return {
    id: row.id,
    name: localName(row.name, row.translations, locale),
    valueType: VALUE_TYPES[row.valueType] ?? 'String',
    unitOfMeasurement: UNITS[row.unitOfMeasurement] ?? 'None',
    vehicleTypeId: row.vehicleTypeId,
  };
}

const typeNotFound = () => AppError.notFound('Vehicle type not found.');
const unknownType = () =>
  AppError.validation('The chosen vehicle type does not exist.', { vehicleTypeId: ['The chosen vehicle type does not exist.'] });

/**
 * Types, categories and properties. Callers check the employee role; this enforces the rules:
 * names unique per scope (409), nothing in use by a live vehicle is deleted or re-typed (409),
 * deletes are soft.
 */
export function createCatalogueService({ db, clock }: CatalogueServiceDeps) {
  const repo = createCatalogueRepository(db);

  /** Runs a write; a unique violation from a concurrent twin becomes the same 409 as the pre-check. */
  async function guardUnique<T>(taken: () => AppError, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  /**
   * An employee's change and its audit event (issue 28) in ONE transaction: both commit or neither.
   * `change` does the checks and the write with the transaction's repository; `context` undefined
   * (a seed, a test) writes no event.
   */
  async function audited<T extends { id: string | number; name?: string }>(
    context: AuditContext | undefined,
    action: AuditAction,
    kind: string,
    change: (r: ReturnType<typeof createCatalogueRepository>) => Promise<T>,
  ): Promise<T> {
    return transact(db, async (tx) => {
      const result = await change(createCatalogueRepository(tx));
      if (context) {
        await recordAudit(tx, {
          ...context,
          action,
          target: { type: kind, id: result.id },
          details: result.name ? { name: result.name } : undefined,
          occurredAt: clock.now(),
        });
      }
      return result;
    });
  }

  return {
    async listTypes(locale?: Locale): Promise<VehicleType[]> {
      const [types, fuels] = await Promise.all([repo.listTypes(), repo.fuelsByType()]);
      return types.map((t) => ({
        id: t.id,
        name: localName(t.name, t.translations, locale),
        availableFuels: fuels
          .filter((f) => f.vehicleTypeId === t.id)
          .map((f) => ({ id: f.fuelType, name: FUEL_TYPES[f.fuelType] ?? 'None' })),
      }));
    },

    /** `audit`: who changes it (the employee's request); the event commits with the change. */
    async createType(name: string, translations?: NameTranslations, locale?: Locale, audit?: AuditContext): Promise<VehicleType> {
      const taken = () => nameTaken(CatalogueRefusals.typeNameTaken.id, `A vehicle type named "${name}" already exists.`, name);
      if (await repo.typeNameTaken(name)) throw taken();
      const row = await audited(audit, 'catalogue.type.create', 'vehicle-type', (r) =>
        guardUnique(taken, () => r.insertType(name, translations)),
      );
      return { id: row.id, name: localName(row.name, row.translations, locale), availableFuels: [] };
    },

    async renameType(
      id: number,
      name: string,
      translations?: NameTranslations,
      locale?: Locale,
      audit?: AuditContext,
    ): Promise<VehicleType> {
      if (!(await repo.findType(id))) throw typeNotFound();
      const taken = () => nameTaken(CatalogueRefusals.typeNameTaken.id, `A vehicle type named "${name}" already exists.`, name);
      if (await repo.typeNameTaken(name, id)) throw taken();
      const row = await audited(audit, 'catalogue.type.update', 'vehicle-type', async (r) => {
        const updated = await guardUnique(taken, () => r.renameType(id, name, translations));
        if (!updated) throw typeNotFound();
        return updated;
      });
      const fuels = (await repo.fuelsByType()).filter((f) => f.vehicleTypeId === id);
      return {
        id: row.id,
        name: localName(row.name, row.translations, locale),
        availableFuels: fuels.map((f) => ({ id: f.fuelType, name: FUEL_TYPES[f.fuelType] ?? 'None' })),
      };
    },

    async deleteType(id: number, audit?: AuditContext): Promise<void> {
      await audited(audit, 'catalogue.type.delete', 'vehicle-type', async (r) => {
        if (!(await r.findType(id, true))) throw typeNotFound();
        const inUse = await r.liveVehiclesOfType(id);
        if (inUse > 0)
          throw inUseError(
            CatalogueRefusals.typeInUse.id,
            `This vehicle type is used by ${vehiclesCount(inUse)} and cannot be deleted.`,
            inUse,
          );
        await r.softDeleteType(id, clock.now());
        return { id };
      });
    },

    /** Every live row's names in the other languages (the employees' screens edit them). */
    async translations(): Promise<CatalogueTranslations> {
      const [types, categories, properties] = await Promise.all([repo.listTypes(), repo.listCategories(), repo.listProperties()]);
      const pick = <Id>(rows: { id: Id; translations: NameTranslations }[]) =>
        rows.map((r) => ({ id: r.id, translations: r.translations }));
      return { types: pick(types), categories: pick(categories), properties: pick(properties) };
    },

    async listCategories(locale?: Locale): Promise<VehicleCategory[]> {
      return (await repo.listCategories()).map((row) => toCategoryDto(row, locale));
    },

    async createCategory(input: CategoryInput, locale?: Locale, audit?: AuditContext): Promise<VehicleCategory> {
      if (!(await repo.findType(input.vehicleTypeId))) throw unknownType();
      const taken = () =>
        nameTaken(CatalogueRefusals.categoryNameTaken.id, `This vehicle type already has a category named "${input.name}".`, input.name);
      if (await repo.categoryNameTaken(input.vehicleTypeId, input.name)) throw taken();
      const row = await audited(audit, 'catalogue.category.create', 'vehicle-category', (r) =>
        guardUnique(taken, () => r.insertCategory(input)),
      );
      return toCategoryDto(row, locale);
    },

    async updateCategory(id: number, input: CategoryInput, locale?: Locale, audit?: AuditContext): Promise<VehicleCategory> {
      const current = await repo.findCategory(id);
      if (!current) throw AppError.notFound('Vehicle category not found.');
      if (!(await repo.findType(input.vehicleTypeId))) throw unknownType();
      if (current.vehicleTypeId !== input.vehicleTypeId) {
        const inUse = await repo.liveVehiclesOfCategory(id);
        if (inUse > 0) {
          throw inUseError(
            CatalogueRefusals.categoryRetypeInUse.id,
            `This category is used by ${vehiclesCount(inUse)}, so its vehicle type cannot change.`,
            inUse,
          );
        }
      }
      const taken = () =>
        nameTaken(CatalogueRefusals.categoryNameTaken.id, `This vehicle type already has a category named "${input.name}".`, input.name);
      if (await repo.categoryNameTaken(input.vehicleTypeId, input.name, id)) throw taken();
      const row = await audited(audit, 'catalogue.category.update', 'vehicle-category', async (r) => {
        const updated = await guardUnique(taken, () => r.updateCategory(id, input));
        if (!updated) throw AppError.notFound('Vehicle category not found.');
        return updated;
      });
      return toCategoryDto(row, locale);
    },

    async deleteCategory(id: number, audit?: AuditContext): Promise<void> {
      await audited(audit, 'catalogue.category.delete', 'vehicle-category', async (r) => {
        if (!(await r.findCategory(id, true))) throw AppError.notFound('Vehicle category not found.');
        const inUse = await r.liveVehiclesOfCategory(id);
        if (inUse > 0) {
          throw inUseError(
            CatalogueRefusals.categoryInUse.id,
            `This category is used by ${vehiclesCount(inUse)} and cannot be deleted.`,
            inUse,
          );
        }
        await r.softDeleteCategory(id, clock.now());
        return { id };
      });
    },

    async listProperties(locale?: Locale): Promise<VehicleProperty[]> {
      return (await repo.listProperties()).map((row) => toPropertyDto(row, locale));
    },

    async createProperty(input: PropertyInput, locale?: Locale, audit?: AuditContext): Promise<VehicleProperty> {
      if (!(await repo.findType(input.vehicleTypeId))) throw unknownType();
      const taken = () =>
        nameTaken(CatalogueRefusals.propertyNameTaken.id, `This vehicle type already has a property named "${input.name}".`, input.name);
      if (await repo.propertyNameTaken(input.vehicleTypeId, input.name)) throw taken();
      const row = await audited(audit, 'catalogue.property.create', 'vehicle-property', (r) =>
        guardUnique(taken, () => r.insertProperty(input)),
      );
      return toPropertyDto(row, locale);
    },

    async updateProperty(id: string, input: PropertyInput, locale?: Locale, audit?: AuditContext): Promise<VehicleProperty> {
      const current = await repo.findProperty(id);
      if (!current) throw AppError.notFound('Vehicle type property not found.');
      if (!(await repo.findType(input.vehicleTypeId))) throw unknownType();
      if (current.valueType !== input.valueType || current.vehicleTypeId !== input.vehicleTypeId) {
        const inUse = await repo.liveVehiclesWithProperty(id);
        if (inUse > 0) {
          throw inUseError(
            CatalogueRefusals.propertyRetypeInUse.id,
            `This property has values on ${vehiclesCount(inUse)}, so its value type and vehicle type cannot change.`,
            inUse,
          );
        }
      }
      const taken = () =>
        nameTaken(CatalogueRefusals.propertyNameTaken.id, `This vehicle type already has a property named "${input.name}".`, input.name);
      if (await repo.propertyNameTaken(input.vehicleTypeId, input.name, id)) throw taken();
      const row = await audited(audit, 'catalogue.property.update', 'vehicle-property', async (r) => {
        const updated = await guardUnique(taken, () => r.updateProperty(id, input));
        if (!updated) throw AppError.notFound('Vehicle type property not found.');
        return updated;
      });
      return toPropertyDto(row, locale);
    },

    async deleteProperty(id: string, audit?: AuditContext): Promise<void> {
      await audited(audit, 'catalogue.property.delete', 'vehicle-property', async (r) => {
        if (!(await r.findProperty(id, true))) throw AppError.notFound('Vehicle type property not found.');
        const inUse = await r.liveVehiclesWithProperty(id);
        if (inUse > 0) {
          throw inUseError(
            CatalogueRefusals.propertyInUse.id,
            `This property has values on ${vehiclesCount(inUse)} and cannot be deleted.`,
            inUse,
          );
        }
        await r.softDeleteProperty(id, clock.now());
        return { id };
      });
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** 409 for a name taken in its scope; `id`: its message in the api catalogue (the English text is `detail`). */
function nameTaken(id: string, detail: string, name: string): AppError {
  return AppError.conflict(detail).withMessage(id, { name });
}

/** 409 for a row live vehicles still use. */
function inUseError(id: string, detail: string, count: number): AppError {
  return AppError.conflict(detail, ErrorCode.InUse).withMessage(id, { count });
}

/** '1 vehicle' / '3 vehicles' */
function vehiclesCount(n: number): string {
  return `${n} ${n === 1 ? 'vehicle' : 'vehicles'}`;
}
