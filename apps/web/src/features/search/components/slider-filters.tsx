import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useFormat } from '../../../i18n/format';
import { RegionBoundary } from '../../../lib/region-boundary';
import { baseFilterPropertiesQueryOptions } from '../api/search-vehicles';
import type { ListingFilters } from '../lib/listing-params';
import { FilterGroup, SliderFiltersLoading } from './filter-group';
import { RangeFilter } from './range-filter';

/** Primitive values only: the sidebar hands them over as a lazy region, which must get props of the same identity until it has hydrated. */
export interface SliderFiltersProps {
  /** The type and category as the URL names them: the slider bounds are theirs. */
  type: string | undefined;
  category: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  minYear: number | undefined;
  maxYear: number | undefined;
  onChange: (change: Partial<ListingFilters>) => void;
}

/**
 * The listing sidebar's price and year sliders: a region of their own (ADR 016). Their bounds
 * (GET /api/vehicle/base-filter-properties) are read here, not by the listing's page module, so the
 * server sends the listing's shell (heading, results, the other filters) without waiting for them
 * and streams the sliders when the answer is in; it travels in the page's data block with the rest.
 */
export function SliderFilters(props: SliderFiltersProps) {
  const { t } = useLingui();
  return (
    <RegionBoundary fallback={<SliderFiltersLoading />} errorMessage={t`The price and year filters could not be loaded.`}>
      <Sliders {...props} />
    </RegionBoundary>
  );
}

function Sliders({ type, category, minPrice, maxPrice, minYear, maxYear, onChange }: SliderFiltersProps) {
  const { t } = useLingui();
  const format = useFormat();
  const { data: base } = useSuspenseQuery(baseFilterPropertiesQueryOptions(type, category));
  return (
    <>
      <FilterGroup title={t`Price per day`} badge={minPrice !== undefined || maxPrice !== undefined ? 1 : undefined}>
        <RangeFilter
          key={`price-${base.minPrice}-${base.maxPrice}`}
          label={t`Price per day`}
          min={base.minPrice}
          max={base.maxPrice}
          value={[minPrice, maxPrice]}
          format={format.money}
          onCommit={([min, max]) => onChange({ minPrice: min, maxPrice: max })}
        />
      </FilterGroup>
      <FilterGroup title={t`Year of production`} badge={minYear !== undefined || maxYear !== undefined ? 1 : undefined}>
        <RangeFilter
          key={`year-${base.minYearOfProduction}-${base.maxYearOfProduction}`}
          label={t`Year of production`}
          min={base.minYearOfProduction}
          max={base.maxYearOfProduction}
          value={[minYear, maxYear]}
          format={String}
          onCommit={([min, max]) => onChange({ minYear: min, maxYear: max })}
        />
      </FilterGroup>
    </>
  );
}
