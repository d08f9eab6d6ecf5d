import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CARD_JOINS, CARD_JSON } from './search-sql';

/** A card as the database gives it (cents, fuel id, star total); the service maps it to the wire. */
export interface CardRow {
  id: string;
  make: string;
  model: string;
  vehicleType: string;
  vehicleTypeCategory: string;
  yearOfProduction: number;
  priceCents: number;
  fuelType: number;
  imageURL: string | null;
  description: string;
  ownerName: string;
  starsTotal: number;
  reviewCount: number;
}

/**
 * What search reads from PostgreSQL directly. Everything else (facets, totals, the order of pages,
 * text matches) comes from the in-process index (ADR 007); page cards come with the change-feed poll.
 */
export function createSearchRepository(db: Db) {
  return {
    /** Every live vehicle's card, newest first (the existing client's /api/vehicle/all). */
    async allCards(): Promise<CardRow[]> {
      const result = (await db.execute(
        sql`select ${CARD_JSON} as card from vehicles v ${CARD_JOINS} where v.deleted_at is null order by v.created_at desc, v.id`,
      )) as unknown as { rows: { card: CardRow }[] };
      return result.rows.map((r) => r.card);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
