/** Every vehicle query key starts with this, so a save or delete refreshes details, edit loads and My Vehicles. */
export const VEHICLES_QUERY_KEY = ['vehicles'] as const;
