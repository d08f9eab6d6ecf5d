import pg from 'pg';
import { DEMO_CITIES } from '../apps/server/src/seed/locations.seed';

/**
 * Deterministic bulk data for the search benchmark: 5 types, 15 categories, 10 properties, 100,000
 * vehicles (with an image row, property values and ratings) and ~40,000 booked days, written with
 * INSERT ... SELECT generate_series so it takes seconds, not minutes. Every run writes the same
 * counts and the same column values; ids are the database's random UUIDs and booked days count from
 * today, so which vehicles carry the bookings (every tenth by id) differs between runs.
 */
export const BENCH_TYPES = ['Car', 'Truck', 'Motorcycle', 'Bicycle', 'Electric Scooter'] as const;

const MAKES: Record<string, string[]> = {
  Car: ['Toyota', 'Honda', 'Ford', 'BMW', 'Audi', 'Volkswagen', 'Mercedes', 'Tesla', 'Skoda', 'Renault', 'Peugeot', 'Kia'],
  Truck: ['Volvo', 'MAN', 'Scania', 'Iveco', 'Ford', 'Mercedes'],
  Motorcycle: ['Honda', 'Yamaha', 'Ducati', 'BMW', 'Kawasaki', 'KTM'],
  Bicycle: ['Trek', 'Giant', 'Specialized', 'Cube'],
  'Electric Scooter': ['Xiaomi', 'Segway', 'Niu'],
};
const MODELS = [
  'Corolla',
  'Civic',
  'Focus',
  'Golf',
  'Octavia',
  'Clio',
  'Sportage',
  'Model 3',
  'A4',
  'X5',
  'C-Class',
  'FH16',
  'TGX',
  'R450',
  'Daily',
  'MT-07',
  'Monster',
  'Ninja',
  'Duke',
  'Marlin',
  'Talon',
  'Rockhopper',
  'Pro 2',
  'Max G30',
];
const CATEGORIES: Record<string, string[]> = {
  Car: ['Sedan', 'SUV', 'Hatchback'],
  Truck: ['Box', 'Tipper', 'Tractor'],
  Motorcycle: ['Sport', 'Touring', 'Naked'],
  Bicycle: ['Mountain', 'Road', 'City'],
  'Electric Scooter': ['Commuter', 'Off-road', 'Kids'],
};
const COLORS = ['Black', 'White', 'Silver', 'Blue', 'Red', 'Grey', 'Green', 'Yellow'];
const WORDS = [
  'well kept',
  'recently serviced',
  'spacious',
  'economical',
  'comfortable',
  'sporty',
  'quiet',
  'reliable',
  'clean',
  'perfect for weekend trips',
  'great for the city',
  'ideal for families',
];

const lit = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

export interface BenchData {
  seatsPropertyId: string;
  gearboxPropertyId: string;
  bookedFrom: string;
  bookedTo: string;
}

/** 'YYYY-MM-DD' of today (UTC, as the database's current_date on a UTC server) plus `days`. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function generateSearchData(client: pg.Client, vehicleCount: number): Promise<BenchData> {
  await client.query(`insert into users (username, email, password_hash)
    select 'owner' || g, 'owner' || g || '@example.com', 'x' from generate_series(1, 200) g`);
  for (const type of BENCH_TYPES) {
    const { rows } = await client.query<{ id: number }>('insert into vehicle_types (name) values ($1) returning id', [type]);
    for (const category of CATEGORIES[type]!) {
      await client.query('insert into vehicle_type_categories (name, description, vehicle_type_id) values ($1, $2, $3)', [
        category,
        `${category} ${type.toLowerCase()}s`,
        rows[0]!.id,
      ]);
    }
    await client.query(
      `insert into vehicle_type_properties (name, value_type, unit_of_measurement, vehicle_type_id)
      values ('Seats', 1, 0, $1), ('Transmission', 0, 0, $1)`,
      [rows[0]!.id],
    );
  }

  // Bulk load: no per-row triggers (replica role: foreign-key checks, the search-text trigger) and
  // indexes built once at the end. search_text is written inline and checked against the trigger's
  // function afterwards, so the rows are what the app would have written.
  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('vehicles', 'vehicle_images', 'vehicle_property_values', 'rentals', 'rental_days')
      and indexname not in (select conname from pg_constraint)`);
  for (const index of indexes) await client.query(`drop index "${index.indexname}"`);

  // Type by weight: 50 % cars, 15 % trucks, 15 % motorcycles, 10 % bicycles, 10 % scooters.
  const typeCase = `case when g % 20 < 10 then 'Car' when g % 20 < 13 then 'Truck' when g % 20 < 16 then 'Motorcycle'
    when g % 20 < 18 then 'Bicycle' else 'Electric Scooter' end`;
  const makeCase = `case type_name ${Object.entries(MAKES)
    .map(([type, makes]) => `when '${type}' then (${lit(makes)})[1 + (g * 7 + g / 13) % ${makes.length}]`)
    .join(' ')} end`;
  await client.query(`
    insert into vehicles (owner_id, make, model, color, fuel_type, date_of_production, year_of_production,
      price_per_day_cents, curb_weight_in_kg, description, is_company_property, vehicle_type_id, vehicle_type_category_id,
      review_count, stars_total, created_at, search_text)
    with owners as (select array_agg(id order by username) as ids from users),
      cats as (select id, name, vehicle_type_id, row_number() over (partition by vehicle_type_id order by id) as rn from vehicle_type_categories)
    select
      o.ids[1 + s.g % 200],
      s.make, s.model, s.color, s.fuel, make_date(s.year, 1 + s.g % 12, 1), s.year, s.price, 100 + s.g % 3000,
      s.description, s.g % 10 = 0, t.id, c.id, s.reviews, s.reviews * (2 + s.g % 4),
      timestamptz '2025-01-01' + (s.g || ' minutes')::interval,
      lower(s.make || ' ' || s.model || ' ' || t.name || ' ' || c.name || ' '
        || (array['', 'petrol', 'diesel', 'electric', 'hybrid', 'lpg', 'hydrogen'])[1 + s.fuel] || ' '
        || s.year::text || ' ' || s.color || ' ' || s.description)
    from (select *, 'A ' || (${lit(WORDS)})[1 + g % ${WORDS.length}] || ' ' || lower(color) || ' ' || make || ' ' || model
        || ', ' || (${lit(WORDS)})[1 + (g / 7) % ${WORDS.length}] || '.' as description from (
      select g, type_name, ${makeCase} as make,
        (${lit(MODELS)})[1 + (g * 13) % ${MODELS.length}] as model,
        (${lit(COLORS)})[1 + (g * 5 + g / 11) % ${COLORS.length}] as color,
        case when type_name = 'Bicycle' then 0 when type_name = 'Electric Scooter' then 3 else 1 + (g * 7 + g / 5) % 6 end as fuel,
        1995 + (g * 17) % 31 as year,
        case type_name when 'Truck' then 8000 when 'Car' then 2500 when 'Motorcycle' then 2000 else 800 end
          + (g * 37) % 15000 as price,
        (g * 11) % 7 as reviews
      from (select g, ${typeCase} as type_name from generate_series(1, ${vehicleCount}) g) x
    ) y) s
    cross join owners o
    join vehicle_types t on t.name = s.type_name
    join cats c on c.vehicle_type_id = t.id and c.rn = 1 + s.g % 3`);
  const drift = await client.query<{ n: number }>(`select count(*)::int as n from vehicles v
    where v.id in (select id from vehicles order by id limit 2000) and v.search_text <> vehicles_search_text_of(v)`);
  if (drift.rows[0]!.n > 0) throw new Error('bench search_text differs from what the trigger writes');

  await client.query(`insert into vehicle_images (vehicle_id, position, large_path, thumb_path)
    select id, 0, 'images/vehicles/' || id || '.webp', 'images/vehicles/' || id || '-thumb.webp' from vehicles`);
  await client.query(`insert into vehicle_property_values (vehicle_id, property_id, value)
    select v.id, p.id, case p.name
      when 'Seats' then (array['1','2','4','5','7'])[1 + abs(hashtext(v.id::text)) % 5]
      else (array['Manual','Automatic'])[1 + abs(hashtext(v.id::text || 'g')) % 2] end
    from vehicles v join vehicle_type_properties p on p.vehicle_type_id = v.vehicle_type_id`);

  // Every 10th vehicle has an Active rental of 4 days, starting 30 to 49 days from today (future
  // days, as a renter asks about: the index holds them; windows in the past are asked of PostgreSQL).
  const renter = await client.query<{ id: string }>('select id from users order by username limit 1');
  await client.query(
    `insert into rentals (id, vehicle_id, renter_id, status, start_date, end_date, price_per_day_cents, total_cents, booked_at)
    select gen_random_uuid(), v.id, $1, 'Active', current_date + 30 + ((v.rn / 10) % 20)::int, current_date + 33 + ((v.rn / 10) % 20)::int,
      v.price_per_day_cents, v.price_per_day_cents * 4, now()
    from (select id, price_per_day_cents, row_number() over (order by id) as rn from vehicles) v where v.rn % 10 = 0`,
    [renter.rows[0]!.id],
  );
  await client.query(`insert into rental_days (vehicle_id, day, rental_id)
    select r.vehicle_id, d::date, r.id from rentals r, generate_series(r.start_date, r.end_date, interval '1 day') d`);
  // Places (issue 26): 19 in 20 vehicles around the demo's 20 European cities (up to ~30 km out),
  // one in ten of those anywhere in a box over Europe; every 20th has no place (found only by
  // searches that name none).
  const cities = DEMO_CITIES.map((c, i) => `(${i}, '${c.city.replace(/'/g, "''")}', '${c.country}', ${c.lat}, ${c.lng})`).join(', ');
  await client.query(`insert into vehicle_locations (vehicle_id, city, country, lat, lng)
    select v.id, c.city, c.country,
      case when v.rn % 10 = 3 then 36 + (abs(hashtext(v.id::text || 'y')) % 10000) / 10000.0 * 24
        else c.lat + ((abs(hashtext(v.id::text || 'a')) % 20001) - 10000) / 10000.0 * 0.27 end,
      case when v.rn % 10 = 3 then -9 + (abs(hashtext(v.id::text || 'x')) % 10000) / 10000.0 * 39
        else c.lng + ((abs(hashtext(v.id::text || 'b')) % 20001) - 10000) / 10000.0 * 0.4 end
    from (select id, row_number() over (order by id) as rn from vehicles) v
    join (values ${cities}) c(i, city, country, lat, lng) on c.i = (v.rn / 20) % ${DEMO_CITIES.length}
    where v.rn % 20 <> 0`);
  for (const index of indexes) await client.query(index.indexdef);
  await client.query(`set session_replication_role = origin`);
  await client.query('vacuum analyze');

  const props = await client.query<{ id: string; name: string }>(`select p.id, p.name from vehicle_type_properties p
    join vehicle_types t on t.id = p.vehicle_type_id where t.name = 'Car'`);
  return {
    seatsPropertyId: props.rows.find((p) => p.name === 'Seats')!.id,
    gearboxPropertyId: props.rows.find((p) => p.name === 'Transmission')!.id,
    bookedFrom: dayFromToday(34),
    bookedTo: dayFromToday(38),
  };
}
