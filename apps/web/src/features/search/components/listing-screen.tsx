import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/listing-messages';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@rentdrive/contracts/search-constants';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { lazyRegionKeepingClicks } from '../../../lib/region-clicks';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSearchReferenceData } from '../api/get-reference-data';
import { useListingNames } from '../api/listing-names';
import { SearchEndpoints } from '../api/search-endpoints';
import { searchVehiclesQueryOptions, useSearchVehicles } from '../api/search-vehicles';
import {
  LISTING_PAGE_SIZE,
  parseListingParams,
  toListingParams,
  toSearchBody,
  withFilters,
  type ListingFilters,
} from '../lib/listing-params';
import { FilterSidebar } from './filter-sidebar';
import { ListingToolbar } from './listing-toolbar';
import type { ListingView, WhereFilters } from './location/listing-where';
import { Pagination } from './pagination';
import { VehicleGrid, VehicleGridSkeleton } from './vehicle-grid';

// Issue 26: the place filters hydrate after the page; the map (MapLibre) loads only when shown. A
// click on them before their code is in ('Show map') is held and given again once they have hydrated.
const ListingWhere = lazyRegionKeepingClicks(() => import('./location/listing-where').then((m) => m.ListingWhere));
const ListingMap = lazy(() => import('./location/listing-map').then((m) => ({ default: m.ListingMap })));

// The phone filters dialog (Radix Dialog) loads when first wanted, not with the listing; the
// Filters button starts the download on hover, touch or focus so the panel opens without a wait.
const loadFiltersPanel = () => import('./filters-panel');
const FiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.FiltersPanel })));
const preloadFiltersPanel = () => void loadFiltersPanel().catch(() => undefined);

/** Filters set by one click or one choice (not typed, not dragged): their results are asked for at once. */
const CHOICES = new Set(['category', 'fuel', 'makes', 'colors', 'properties', 'sort']);
/**
 * How long a choice's results are waited for before the URL changes without them (the current
 * results then dim until they come). Most answers come well before.
 */
export const CHOICE_WAIT_MS = 400;

/** A choice shown in the filters while its results are on their way: made on the URL `base`. */
interface PendingChoice {
  base: string;
  search: string;
}

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/** Tailwind's `lg`: from here the filters are a sidebar, below it a dialog behind the Filters button. */
const SIDEBAR_MEDIA = '(min-width: 64rem)';

/**
 * The listing: every filter in the URL (the URL is the state), results from POST /api/vehicle/search
 * re-requested a short debounce after the last change, facet counts in the sidebar.
 */
export function ListingScreen() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const paramString = searchParams.toString();
  // A choice (a checkbox, a select) shows in the filters at once; the URL and the results change
  // together, in one render, when its results are in (see `choose`). A choice made on another URL
  // than the current one (Back, a link) is no longer shown.
  const [pending, setPending] = useState<PendingChoice | null>(null);
  const isChoosing = pending !== null && pending.base === paramString;
  const shownParams = isChoosing ? pending.search : paramString;
  /** The filters as the controls show them: the URL's, with a choice still waiting for its results. */
  const filters = useMemo(() => parseListingParams(new URLSearchParams(shownParams)), [shownParams]);
  // A choice's URL comes with its results (`chosen`): asked for at once. Typing and moving a range
  // keep the spec's debounce.
  const [chosen, setChosen] = useState<string | null>(null);
  const debounced = useDebouncedValue(paramString, SEARCH_DEBOUNCE_MS);
  const settled = chosen === paramString ? paramString : debounced;
  const body = useMemo(() => toSearchBody(parseListingParams(new URLSearchParams(settled)), LISTING_PAGE_SIZE), [settled]);
  const results = useSearchVehicles(body);
  // The place controls' own filters, the same object while they are unchanged: a checkbox's choice
  // does not render that region again.
  const { place, near, radius, sort, area } = filters;
  const where = useMemo<WhereFilters>(() => ({ place, near, radius, sort, area }), [place, near, radius, sort, area]);
  const reference = useSearchReferenceData();
  const names = useListingNames(i18n.locale, filters.type, filters.category);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const [view, setView] = useState<ListingView>('list');
  const isMap = view === 'map';
  const filtersButton = useRef<HTMLButtonElement>(null);
  // The server renders the sidebar for every width (CSS hides it below lg). A phone's browser leaves
  // it out from its first render: hydration then drops the hidden markup in one removal instead of
  // hydrating its ~200 elements, a quarter of the page, that no one sees.
  const hasSidebar = useMediaQuery(SIDEBAR_MEDIA, true);
  const queryClient = useQueryClient();
  // What the search's request is checked with (the contracts' chunk) loads once the listing is idle,
  // so a first choice's request leaves at once instead of after that chunk.
  useEffect(() => {
    const preload = () => void SearchEndpoints.search.load().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(preload, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  // The functions below live as long as the page: a region still waiting for its code (ListingWhere,
  // a lazyRegion) that is handed a new one gives up its server markup and is drawn again (a layout
  // shift of the whole results column on a phone: Lighthouse CLS 0.16), and the sidebar's slider
  // region (memoized) is not drawn again when a checkbox changes the URL. They read the last render's.
  const latest = useRef({ filters, paramString, setSearchParams });
  useLayoutEffect(() => {
    latest.current = { filters, paramString, setSearchParams };
  });
  /** The last choice still waiting for its results (a later one, or leaving the page, drops it). */
  const waiting = useRef<string | null>(null);
  useEffect(
    () => () => {
      waiting.current = null;
    },
    [],
  );
  /**
   * A choice: its request leaves in the click, the filters show it at once (a render of the
   * listing's controls only: the results' props are unchanged), and the URL changes when its results
   * are in, in one synchronous render with them (React Router's `flushSync`): the click's results are
   * painted in the frame after their answer, not after a render of the new URL with the old results
   * first (ADR 016). An answer slower than CHOICE_WAIT_MS: the URL changes without it, the current
   * results dim until it comes.
   */
  const choose = useCallback(
    (next: URLSearchParams) => {
      const { paramString: base } = latest.current;
      const search = next.toString();
      waiting.current = search;
      setPending({ base, search });
      const answer = queryClient.fetchQuery(searchVehiclesQueryOptions(toSearchBody(parseListingParams(next), LISTING_PAGE_SIZE)));
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHOICE_WAIT_MS));
      void Promise.race([
        answer.then(
          () => true,
          () => true,
        ),
        timeout,
      ]).then((answered) => {
        const { paramString, setSearchParams } = latest.current;
        // A later choice took over (it clears the pending state when it ends).
        if (waiting.current !== search) return;
        waiting.current = null;
        // Cleared with the URL's change: left set, Back to `base` would show the choice again.
        if (paramString !== base) {
          setPending(null); // another change of the URL (Back, a link) took over
        } else if (answered) {
          flushSync(() => {
            setPending(null);
            setChosen(search);
            setSearchParams(next, { flushSync: true });
          });
        } else {
          // With the router's transition: the choice stays shown until the new URL is.
          startTransition(() => {
            setPending(null);
            setChosen(search);
          });
          setSearchParams(next);
        }
      });
    },
    [queryClient],
  );
  /** A change that is not a choice (the dates, a range, the text search, the place controls): the URL changes now. */
  const navigate = useCallback((next: URLSearchParams) => {
    waiting.current = null;
    setPending(null);
    latest.current.setSearchParams(next);
  }, []);
  const update = useCallback(
    (change: Partial<ListingFilters>) => {
      const next = toListingParams(withFilters(latest.current.filters, change));
      if (Object.keys(change).every((key) => CHOICES.has(key))) choose(next);
      else navigate(next);
    },
    [choose, navigate],
  );
  // A new type has other categories, makes, prices and properties: those filters start over.
  function changeType(type: string | undefined) {
    choose(
      toListingParams({
        ...filters,
        type,
        category: undefined,
        fuel: undefined,
        makes: [],
        colors: [],
        minPrice: undefined,
        maxPrice: undefined,
        minYear: undefined,
        maxYear: undefined,
        properties: {},
        page: 1,
      }),
    );
  }
  // Another page and 'Clear filters' are one deliberate click each, as a choice is: asked for at once.
  function goToPage(page: number) {
    choose(toListingParams({ ...filters, page }));
    document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }
  const clearAll = () => choose(new URLSearchParams());

  const data = results.data;
  const sidebar = (
    <FilterSidebar
      filters={filters}
      facets={data?.facets}
      types={reference.types}
      categories={reference.categories}
      chosen={names}
      onChange={update}
      onTypeChange={changeType}
    />
  );
  const foundText = (total: number) => {
    const shown = format.count(total);
    return t`${plural(total, { one: `${shown} vehicle found`, other: `${shown} vehicles found` })}`;
  };
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // While a choice's results are on their way the current ones stay as they are (the choice shows in
  // the filters; most answers come before a dimming would): a class change on the grid cost the
  // click's frame a repaint of every card. Busy, though, for assistive technologies.
  const isUpdating = results.isFetching || settled !== paramString;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-[17rem_1fr]">
      <aside aria-labelledby="filters-title" className="hidden lg:block">
        {/* The filter groups are <h3>s: headings go one level at a time from the page's <h1>. */}
        <h2 id="filters-title" className="sr-only">
          <Trans>Filters</Trans>
        </h2>
        {hasSidebar && sidebar}
      </aside>
      <section id="results" aria-labelledby="results-title" className="min-w-0 scroll-mt-24">
        <h2 id="results-title" className="sr-only">
          <Trans>Results</Trans>
        </h2>
        <ListingWhere filters={where} onChange={update} view={view} onView={setView} />
        <ListingToolbar key={filters.q ?? ''} filters={filters} onChange={update} />
        <div className="mt-4 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {data ? foundText(data.total) : '\u00a0'}
          </p>
          <div className="flex items-center gap-2">
            {shownParams && (
              <Button variant="ghost" size="sm" onClick={clearAll}>
                <Trans>Clear filters</Trans>
              </Button>
            )}
            <Button
              ref={filtersButton}
              variant="secondary"
              size="sm"
              className="lg:hidden"
              aria-haspopup="dialog"
              onPointerEnter={preloadFiltersPanel}
              onPointerDown={preloadFiltersPanel}
              onFocus={preloadFiltersPanel}
              onClick={() => setPanelOpen(true)}
            >
              <Trans>Filters</Trans>
            </Button>
          </div>
        </div>
        <div className={isMap ? 'mt-4 gap-4 xl:grid xl:grid-cols-2' : 'mt-4'}>
          <div className={isMap ? 'max-xl:hidden' : undefined} aria-busy={isUpdating || isChoosing}>
            {results.isPending ? (
              <VehicleGridSkeleton label={t`Loading vehicles...`} count={8} columns={GRID} />
            ) : results.isError && !data ? (
              <ErrorState
                message={errorMessage(results.error, t`Failed to fetch vehicles`)}
                onRetry={() => void results.refetch()}
                isRetrying={results.isFetching}
              />
            ) : data && data.items.length === 0 ? (
              <EmptyState
                message={t`No vehicles found matching your filters.`}
                action={
                  paramString ? (
                    <Button variant="secondary" size="sm" onClick={clearAll}>
                      <Trans>Clear filters</Trans>
                    </Button>
                  ) : undefined
                }
              />
            ) : data ? (
              // Dimmed while new results load, after a moment: a choice's answer that comes at once
              // (most do) is painted without the grid fading out and back, frames a phone paints.
              <div className={isUpdating ? 'opacity-60 transition-opacity delay-150 duration-150' : 'transition-opacity duration-150'}>
                {results.isError && (
                  <ErrorState
                    className="mb-4"
                    message={errorMessage(results.error, t`Failed to fetch vehicles`)}
                    onRetry={() => void results.refetch()}
                  />
                )}
                <VehicleGrid vehicles={data.items} columns={isMap ? 'grid grid-cols-1 gap-4 sm:grid-cols-2' : GRID} />
                <Pagination page={data.page} pageCount={pageCount} onPage={goToPage} />
              </div>
            ) : null}
          </div>
          {isMap && (
            <Suspense fallback={<div className="h-[70vh] animate-pulse rounded-card bg-slate-100" />}>
              <ListingMap filters={filters} onChange={update} />
            </Suspense>
          )}
        </div>
      </section>
      {isPanelOpen && (
        <Suspense fallback={null}>
          <FiltersPanel open onOpenChange={setPanelOpen} total={data?.total} returnFocusRef={filtersButton}>
            {sidebar}
          </FiltersPanel>
        </Suspense>
      )}
    </div>
  );
}
