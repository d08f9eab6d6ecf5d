import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import type { VehicleCategory, VehicleType } from '@rentdrive/contracts/catalogue';
import type { SearchFacets } from '@rentdrive/contracts/search';
import { SelectField } from '../../../components/ui/form-fields';
import { fuelName } from '../../../lib/fuel-name';
import { lazyRegion } from '../../../lib/lazy-region';
import { withUnit } from '../../../lib/unit-label';
import type { ResolvedNames } from '../api/listing-names';
import type { ListingFilters } from '../lib/listing-params';
import { CheckboxFacet } from './checkbox-facet';
import { FilterGroup, SliderFiltersLoading } from './filter-group';

// The price and year sliders: their bounds are their own query, so the server streams them after the
// listing's shell, and their code (the slider) is their own chunk, hydrated on its own (ADR 016).
const SliderFilters = lazyRegion(() => import('./slider-filters').then((m) => m.SliderFilters), <SliderFiltersLoading />);

export interface FilterSidebarProps {
  filters: ListingFilters;
  facets: SearchFacets | undefined;
  types: VehicleType[];
  categories: VehicleCategory[];
  /** The chosen type and category as this page's language names them (the URL may name them in another). */
  chosen: ResolvedNames;
  onChange: (change: Partial<ListingFilters>) => void;
  onTypeChange: (type: string | undefined) => void;
}

function toggle(list: string[], value: string): string[] {
  return list.some((v) => v.toLowerCase() === value.toLowerCase())
    ? list.filter((v) => v.toLowerCase() !== value.toLowerCase())
    : [...list, value];
}

/** Chosen values missing from the counts (nothing matches them now) stay listed with 0. */
function withChosen(options: { name: string; count: number }[], chosen: string[]) {
  const known = new Set(options.map((o) => o.name.toLowerCase()));
  return [...options, ...chosen.filter((c) => !known.has(c.toLowerCase())).map((name) => ({ name, count: 0 }))].map((o) => ({
    value: o.name,
    label: o.name,
    count: o.count,
  }));
}

function propertyLabel(value: string, unit: string, i18n: I18n): string {
  if (value === 'true') return i18n._(msg`Yes`);
  if (value === 'false') return i18n._(msg`No`);
  return withUnit(value, unit);
}

/** Listing sidebar: type and category, makes and colors with counts, fuel, price and year sliders, type properties. */
export function FilterSidebar({ filters, facets, types, categories, chosen, onChange, onTypeChange }: FilterSidebarProps) {
  const { t, i18n } = useLingui();
  const type = chosen.type;
  const categoryOptions = categories.filter((c) => type && c.vehicleTypeId === type.id).map((c) => ({ value: c.name, label: c.name }));
  const fuelOptions: { value: string; label: string }[] = (facets?.fuelTypes ?? [])
    .filter((f) => f.name !== 'None')
    .map((f) => ({ value: f.name, label: `${fuelName(i18n, f.name)} (${f.count})` }));
  if (filters.fuel && !fuelOptions.some((f) => f.value.toLowerCase() === filters.fuel?.toLowerCase()))
    fuelOptions.push({ value: filters.fuel, label: `${fuelName(i18n, filters.fuel)} (0)` });

  return (
    <div className="text-slate-900">
      <div className="space-y-3 border-b border-slate-200 pb-4">
        <SelectField
          label={t`Vehicle type`}
          value={type?.name ?? filters.type ?? ''}
          onChange={(e) => onTypeChange(e.target.value || undefined)}
          placeholderOption={t`All Vehicle Types`}
          options={types.map((t) => ({ value: t.name, label: t.name }))}
        />
        <SelectField
          label={t`Vehicle category`}
          value={chosen.category?.name ?? filters.category ?? ''}
          onChange={(e) => onChange({ category: e.target.value || undefined })}
          placeholderOption={t`All Vehicle Categories`}
          options={categoryOptions}
          disabled={!type}
          hint={type ? undefined : t`Choose a type first.`}
        />
        <SelectField
          label={t`Fuel type`}
          value={filters.fuel ?? ''}
          onChange={(e) => onChange({ fuel: e.target.value || undefined })}
          placeholderOption={t`All Fuel Types`}
          options={fuelOptions}
        />
      </div>

      <SliderFilters
        type={filters.type}
        category={filters.category}
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        minYear={filters.minYear}
        maxYear={filters.maxYear}
        onChange={onChange}
      />

      <FilterGroup title={t`Make`} badge={filters.makes.length || undefined}>
        <CheckboxFacet
          legend={t`Make`}
          options={withChosen(facets?.makes ?? [], filters.makes)}
          selected={filters.makes}
          onToggle={(make) => onChange({ makes: toggle(filters.makes, make) })}
        />
      </FilterGroup>

      <FilterGroup title={t`Color`} badge={filters.colors.length || undefined}>
        <CheckboxFacet
          legend={t`Color`}
          options={withChosen(facets?.colors ?? [], filters.colors)}
          selected={filters.colors}
          onToggle={(color) => onChange({ colors: toggle(filters.colors, color) })}
        />
      </FilterGroup>

      {(facets?.properties ?? []).map((property) => {
        const chosen = filters.properties[property.propertyId] ?? [];
        const options = property.propertyValues.map((v) => ({
          value: v.propertyValue,
          label: propertyLabel(v.propertyValue, v.unitOfMeasurement, i18n),
          count: v.count,
        }));
        return (
          <FilterGroup
            key={property.propertyId}
            title={property.propertyName}
            badge={chosen.length || undefined}
            defaultOpen={chosen.length > 0}
          >
            <CheckboxFacet
              legend={property.propertyName}
              options={options}
              selected={chosen}
              onToggle={(value) => onChange({ properties: { ...filters.properties, [property.propertyId]: toggle(chosen, value) } })}
            />
          </FilterGroup>
        );
      })}
    </div>
  );
}
