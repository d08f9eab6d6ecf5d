import { useState } from 'react';
import type { VehicleType } from '@rentdrive/contracts/catalogue';
import type { EditableRow } from './use-editable-rows';

/**
 * The vehicle type filter of the category and property tables. A chosen type also preselects the
 * type of a new row; unsaved rows always stay visible.
 */
export function useVehicleTypeFilter(types: VehicleType[] | undefined) {
  const [typeFilter, setTypeFilter] = useState('');
  const typeName = (id: number) => types?.find((t) => t.id === id)?.name ?? '—';
  const typeOptions = (types ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  function visible<S extends { vehicleTypeId: number }, D>(rows: EditableRow<S, D>[]) {
    return rows.filter((r) => !typeFilter || !r.saved || String(r.saved.vehicleTypeId) === typeFilter);
  }
  return { typeFilter, setTypeFilter, typeName, typeOptions, visible };
}

export type VehicleTypeFilter = ReturnType<typeof useVehicleTypeFilter>;
