import { ErrorCode } from '@rentdrive/contracts/errors';
import type { CatalogueTranslations, VehicleCategory, VehicleProperty, VehicleType } from '@rentdrive/contracts/catalogue';
import { FUEL_TYPES, UNITS, VALUE_TYPES } from '@rentdrive/contracts/enums';
import type { Locale } from '@rentdrive/contracts/locales';
import type { Db } from '../../db/client';
import type { NameTranslations } from '../../db/schema/catalogue';
import { localName } from '../../lib/catalogue-names';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createCatalogueRepository, type CategoryRow, type PropertyRow } from './catalogue.repository';
import { isUniqueViolation } from '../../db/db-errors';
import { CatalogueRefusals } from './catalogue-messages';
import { recordAudit, type AuditAction, type AuditContext } from '../audit/audit.service';

export interface CatalogueServiceDeps {
  db: Db;
  clock: Clock;
}

interface CategoryInput {
  name: string;
  /** Undefined keeps the saved ones. */
  translations?: NameTranslations;
  description: string;
  vehicleTypeId: number;
}
interface PropertyInput {
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

    async createType(name: string, translations?: NameTranslations, locale?: Locale): Promise<VehicleType> {
      const taken = () => nameTaken(CatalogueRefusals.typeNameTaken.id, `A vehicle type named "${name}" already exists.`, name);
      if (await repo.typeNameTaken(name)) throw taken();
      const row = await guardUnique(taken, () => repo.insertType(name, translations));
      return { id: row.id, name: localName(row.name, row.translations, locale), availableFuels: [] };
    },

    async renameType(id: number, name: string, translations?: NameTranslations, locale?: Locale): Promise<VehicleType> {
      if (!(await repo.findType(id))) throw typeNotFound();
      const taken = () => nameTaken(CatalogueRefusals.typeNameTaken.id, `A vehicle type named "${name}" already exists.`, name);
      if (await repo.typeNameTaken(name, id)) throw taken();
      const row = await guardUnique(taken, () => repo.renameType(id, name, translations));
      if (!row) throw typeNotFound();
      const fuels = (await repo.fuelsByType()).filter((f) => f.vehicleTypeId === id);
      return {
        id: row.id,
        name: localName(row.name, row.translations, locale),
        availableFuels: fuels.map((f) => ({ id: f.fuelType, name: FUEL_TYPES[f.fuelType] ?? 'None' })),
      };
    },

    async deleteType(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const r = createCatalogueRepository(tx);
        if (!(await r.findType(id, true))) throw typeNotFound();
        const inUse = await r.liveVehiclesOfType(id);
        if (inUse > 0)
          throw inUseError(
            CatalogueRefusals.typeInUse.id,
            `This vehicle type is used by ${vehiclesCount(inUse)} and cannot be deleted.`,
            inUse,
          );
        await r.softDeleteType(id, clock.now());
      });
    },

    /** An employee's change, in the audit trail (issue 28): written once the change is saved. */
    async audited(
      context: AuditContext,
      action: AuditAction,
      target: { type: string; id: string | number },
      details?: Record<string, unknown>,
    ) {
      await recordAudit(db, { ...context, action, target, details, occurredAt: clock.now() });
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

    async createCategory(input: CategoryInput, locale?: Locale): Promise<VehicleCategory> {
      if (!(await repo.findType(input.vehicleTypeId))) throw unknownType();
      const taken = () =>
        nameTaken(CatalogueRefusals.categoryNameTaken.id, `This vehicle type already has a category named "${input.name}".`, input.name);
      if (await repo.categoryNameTaken(input.vehicleTypeId, input.name)) throw taken();
      return toCategoryDto(await guardUnique(taken, () => repo.insertCategory(input)), locale);
    },

    async updateCategory(id: number, input: CategoryInput, locale?: Locale): Promise<VehicleCategory> {
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
      const row = await guardUnique(taken, () => repo.updateCategory(id, input));
      if (!row) throw AppError.notFound('Vehicle category not found.');
      return toCategoryDto(row, locale);
    },

    async deleteCategory(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const r = createCatalogueRepository(tx);
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
      });
    },

    async listProperties(locale?: Locale): Promise<VehicleProperty[]> {
      return (await repo.listProperties()).map((row) => toPropertyDto(row, locale));
    },

    async createProperty(input: PropertyInput, locale?: Locale): Promise<VehicleProperty> {
      if (!(await repo.findType(input.vehicleTypeId))) throw unknownType();
      const taken = () =>
        nameTaken(CatalogueRefusals.propertyNameTaken.id, `This vehicle type already has a property named "${input.name}".`, input.name);
      if (await repo.propertyNameTaken(input.vehicleTypeId, input.name)) throw taken();
      return toPropertyDto(await guardUnique(taken, () => repo.insertProperty(input)), locale);
    },

    async updateProperty(id: string, input: PropertyInput, locale?: Locale): Promise<VehicleProperty> {
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
      const row = await guardUnique(taken, () => repo.updateProperty(id, input));
      if (!row) throw AppError.notFound('Vehicle type property not found.');
      return toPropertyDto(row, locale);
    },

    async deleteProperty(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const r = createCatalogueRepository(tx);
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
