import { z } from 'zod';
import { endpoint } from './endpoint';
import { FUEL_TYPES } from './enums';
import { BasePaths } from './paths/base';

/** The fixed enumerations as the wire carries them: [{id, name}] (enums.ts has the names). */
export const EnumListSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** Fuel names are the fixed set (the vehicle form and the search filters type them). */
export const FuelListSchema = z.array(z.object({ id: z.number().int(), name: z.enum(FUEL_TYPES) }));

export const Base = {
  fuelTypes: endpoint('GET', BasePaths.fuelTypes, { response: { 200: FuelListSchema } }),
  valueTypes: endpoint('GET', BasePaths.valueTypes, { response: { 200: EnumListSchema } }),
  units: endpoint('GET', BasePaths.units, { response: { 200: EnumListSchema } }),
};
