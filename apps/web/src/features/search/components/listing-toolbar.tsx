import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import { useState, type FormEvent } from 'react';
import type { SearchSort } from '@rentdrive/contracts/search';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/form-fields';
import type { ListingFilters } from '../lib/listing-params';

const SORT_LABELS: Record<SearchSort, MessageDescriptor> = {
  relevance: msg`Best match`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
  'year-desc': msg`Year: newest first`,
  'rating-desc': msg`Top rated`,
  newest: msg`Recently listed`,
  distance: msg`Distance: nearest first`,
};

/** The text search (applied by its button or Enter), availability days and the sort order. */
export function ListingToolbar({ filters, onChange }: { filters: ListingFilters; onChange: (change: Partial<ListingFilters>) => void }) {
  // The box edits a draft; the URL changes only when the search is applied. Remounted (by key) when the URL's q changes.
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(filters.q ?? '');
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onChange({ q: draft.trim() || undefined });
  }
  return (
    <div className="space-y-3">
      <form role="search" onSubmit={handleSubmit} className="flex gap-2">
        <label htmlFor="listing-search" className="sr-only">
          <Trans>Search vehicles</Trans>
        </label>
        <input
          id="listing-search"
          type="search"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t`Search by make, model, type...`}
          // The spec's placeholder fits a 360 px phone whole: a little smaller there, beside an icon button.
          className={controlClasses(false, 'h-10 min-w-0 flex-1 placeholder:text-sm sm:placeholder:text-base')}
        />
        <Button type="submit">
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-5 sm:hidden">
            <circle cx="8.5" cy="8.5" r="5.5" />
            <path d="m13 13 4.5 4.5" />
          </svg>
          <span className="max-sm:sr-only">
            <Trans>Search</Trans>
          </span>
        </Button>
      </form>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <div className="min-w-0">
          <label htmlFor="listing-from" className="mb-1 block text-xs font-medium text-slate-700">
            <Trans>Available from</Trans>
          </label>
          <input
            id="listing-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => onChange({ from: e.target.value || undefined })}
            className={controlClasses(false, 'h-10')}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor="listing-to" className="mb-1 block text-xs font-medium text-slate-700">
            <Trans>Available to</Trans>
          </label>
          <input
            id="listing-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => onChange({ to: e.target.value || undefined })}
            className={controlClasses(false, 'h-10')}
          />
        </div>
        <div className="col-span-2 sm:ml-auto">
          <label htmlFor="listing-sort" className="mb-1 block text-xs font-medium text-slate-700">
            <Trans>Sort by</Trans>
          </label>
          <select
            id="listing-sort"
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value as SearchSort })}
            className={controlClasses(false, 'h-10 pr-8 sm:w-52')}
          >
            {/* Distance needs a point (a place, 'Near me') or the map's area: offered, but not chosen, before (the 'Where' hint says why). */}
            {(Object.keys(SORT_LABELS) as SearchSort[]).map((sort) => (
              <option key={sort} value={sort} disabled={sort === 'distance' && !filters.near && !filters.area}>
                {i18n._(SORT_LABELS[sort])}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
