/**
 * How the English web messages are split (ADR 018). A public page (home, listing, a vehicle) needs on
 * its first load the shared messages (`web`: header, footer, UI components, the vehicle cards) and its
 * own page's; English pages load `web` with the app, and each page's catalogue comes with that page's
 * chunk. Everything else is in `more`, loaded with the components that use it. A component of a page
 * catalogue or of `more` imports its catalogue's module (src/i18n/<name>-messages.ts);
 * src/i18n/catalogue-split.test.ts checks that.
 */
export const SHARED_FIRST_LOAD = [
  'app/layouts/app-layout.tsx',
  'app/layouts/footer.tsx',
  'app/layouts/header.tsx',
  'app/layouts/language-menu.tsx',
  'app/layouts/language-switch.tsx',
  'app/layouts/nav-items.ts',
  // The header menu's body (its own chunk, loaded when opened): the same messages as the header's bar.
  'app/layouts/phone-menu.tsx',
  'app/layouts/route-error.tsx',
  'app/guards',
  // The dialogs (modal, confirm, error) load with the screens that open them: their messages are in `more`.
  'components/ui/error-state.tsx',
  'components/ui/loading-text.tsx',
  'components/ui/stars.tsx',
  'components/ui/toast.tsx',
  'features/search/components/vehicle-card.tsx',
  'features/search/components/vehicle-grid.tsx',
];

export const PAGE_CATALOGUES = {
  home: [
    'app/routes/home.tsx',
    'features/search/components/home-search.tsx',
    'features/search/components/quick-links.tsx',
    'features/search/components/recent-listings.tsx',
  ],
  listing: [
    'app/routes/listing.tsx',
    'features/search/components/checkbox-facet.tsx',
    'features/search/components/filter-group.tsx',
    'features/search/components/filter-sidebar.tsx',
    'features/search/components/listing-screen.tsx',
    'features/search/components/listing-toolbar.tsx',
    'features/search/components/pagination.tsx',
    'features/search/components/range-filter.tsx',
    'features/search/components/slider-filters.tsx',
  ],
  vehicle: [
    'app/routes/vehicle-details.tsx',
    'features/vehicles/components/vehicle-details-screen.tsx',
    'features/vehicles/components/vehicle-gallery.tsx',
    'features/vehicles/components/vehicle-info-card.tsx',
    'features/vehicles/components/vehicle-properties-card.tsx',
    'features/vehicles/components/vehicle-reviews.tsx',
    'features/vehicles/components/vehicle-owner-menu.tsx',
    'features/rentals/components/rent-panel.tsx',
    'features/vehicles/lib/vehicle-page-title.ts',
  ],
} as const;

export type PageCatalogue = keyof typeof PAGE_CATALOGUES;

/**
 * Parts of a page that other chunks share (its lazy regions, and the card they reuse): they render only
 * inside their page, so its catalogue is there already, and they do not import it (else the first-load
 * chunk planner moves the catalogue into a chunk every public page loads).
 */
export const INSIDE_PAGE: readonly string[] = [
  // Fuel names: English is the wire's name itself, so English pages need no message; the other
  // languages load every catalogue at once (the messages are in `more`).
  'lib/fuel-name.ts',
  'features/search/components/recent-listings.tsx',
  'features/search/components/slider-filters.tsx',
  'features/vehicles/components/vehicle-reviews.tsx',
  'features/vehicles/components/vehicle-info-card.tsx',
];

/** Every file whose messages are in a first-load catalogue (shared or a page's). */
export const FIRST_LOAD: readonly string[] = [...SHARED_FIRST_LOAD, ...Object.values(PAGE_CATALOGUES).flat()];
