import { FUEL_TYPES } from '@rentdrive/contracts/enums';
import type { FavouriteState } from '@rentdrive/contracts/favourites';
import { isUuid } from '@rentdrive/contracts/ids';
import type { Locale } from '@rentdrive/contracts/locales';
import type { VehicleCard } from '@rentdrive/contracts/search';
import { VehicleMessages } from '@rentdrive/contracts/vehicles';
import { centsToEuros } from '@rentdrive/domain/money';
import { meanStars } from '@rentdrive/domain/stars';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { localName } from '../../lib/catalogue-names';
import type { Clock } from '../../lib/clock';
import { createFavouritesRepository, type CardRow } from './favourites.repository';

/** The wire card of a row, as the search's cards are: euros, fuel name, mean stars, type and category in `locale`. */
function toCard(row: CardRow, locale: Locale | undefined): VehicleCard {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    vehicleType: localName(row.vehicleType, row.typeTranslations, locale),
    vehicleTypeCategory: localName(row.vehicleTypeCategory, row.categoryTranslations, locale),
    yearOfProduction: row.yearOfProduction,
    pricePerDay: centsToEuros(row.priceCents),
    fuelType: FUEL_TYPES[row.fuelType] ?? 'None',
    imageURL: row.imageURL,
    description: row.description,
    ownerName: row.ownerName,
    starsRating: meanStars(row.starsTotal, row.reviewCount),
    reviewCount: row.reviewCount,
  };
}

export interface FavouritesServiceDeps {
  db: Db;
  clock: Clock;
}

/**
 * A user's saved vehicles. Saving and forgetting are idempotent (saving twice keeps the first date);
 * a vehicle that does not exist is 404; a deleted vehicle cannot be saved and drops out of the list.
 */
export function createFavouritesService({ db, clock }: FavouritesServiceDeps) {
  const repo = createFavouritesRepository(db);
  const notFound = () => AppError.notFound(VehicleMessages.notFound);
  return {
    async list(userId: string, locale?: Locale): Promise<VehicleCard[]> {
      return (await repo.savedCards(userId)).map((row) => toCard(row, locale));
    },

    async save(userId: string, vehicleId: string): Promise<FavouriteState> {
      if (!isUuid(vehicleId) || !(await repo.vehicleIsListed(vehicleId))) throw notFound();
      await repo.save(userId, vehicleId, clock.now());
      return { vehicleId, saved: true };
    },

    async remove(userId: string, vehicleId: string): Promise<FavouriteState> {
      if (!isUuid(vehicleId)) throw notFound();
      const removed = await repo.remove(userId, vehicleId);
      // Forgetting a vehicle that was removed meanwhile still works; one that never existed is 404.
      if (!removed && !(await repo.vehicleExists(vehicleId))) throw notFound();
      return { vehicleId, saved: false };
    },

    /** The cards of the listed vehicles among `ids`, in the order asked; unknown and removed ids are skipped. */
    async cards(ids: string[], locale?: Locale): Promise<VehicleCard[]> {
      const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
      const byId = new Map((await repo.cardsOf(wanted)).map((row) => [row.id.toLowerCase(), row]));
      return wanted.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toCard(row, locale)] : [];
      });
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
