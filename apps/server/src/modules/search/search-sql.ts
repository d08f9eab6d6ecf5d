import { sql } from 'drizzle-orm';

/** The card fields of a vehicle (alias v) as a JSON object, mapped to the wire shape by the service. */
export const CARD_JSON = sql`json_build_object(
  'id', v.id, 'make', v.make, 'model', v.model, 'vehicleType', t.name, 'vehicleTypeCategory', c.name,
  'yearOfProduction', v.year_of_production, 'priceCents', v.price_per_day_cents, 'fuelType', v.fuel_type,
  'imageURL', (select i.thumb_path from vehicle_images i where i.vehicle_id = v.id order by i.position limit 1),
  'description', v.description, 'ownerName', u.username, 'starsTotal', v.stars_total, 'reviewCount', v.review_count)`;

export const CARD_JOINS = sql`join vehicle_types t on t.id = v.vehicle_type_id
  join vehicle_type_categories c on c.id = v.vehicle_type_category_id
  join users u on u.id = v.owner_id`;
