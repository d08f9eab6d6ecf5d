/**
 * What a public page (home, listing, a vehicle) needs for its first load: its messages form the `web`
 * catalogue, which English pages load with the app. Everything else is in `more`, loaded with the
 * components that use it (src/i18n/more-messages.ts; src/i18n/catalogue-split.test.ts checks they import it).
 */
export const FIRST_LOAD = [
  'app/layouts/app-layout.tsx',
  'app/layouts/footer.tsx',
  'app/layouts/header.tsx',
  'app/layouts/nav-items.ts',
  'app/layouts/route-error.tsx',
  'app/guards',
  'app/routes/home.tsx',
  'app/routes/listing.tsx',
  'app/routes/vehicle-details.tsx',
  'components/ui',
  'features/search/components/checkbox-facet.tsx',
  'features/search/components/filter-group.tsx',
  'features/search/components/filter-sidebar.tsx',
  'features/search/components/home-search.tsx',
  'features/search/components/listing-screen.tsx',
  'features/search/components/listing-toolbar.tsx',
  'features/search/components/pagination.tsx',
  'features/search/components/quick-links.tsx',
  'features/search/components/range-filter.tsx',
  'features/search/components/recent-listings.tsx',
  'features/search/components/vehicle-card.tsx',
  'features/search/components/vehicle-grid.tsx',
  'features/vehicles/components/vehicle-details-screen.tsx',
  'features/vehicles/components/vehicle-gallery.tsx',
  'features/vehicles/components/vehicle-info-card.tsx',
  'features/vehicles/components/vehicle-properties-card.tsx',
  'features/vehicles/components/vehicle-reviews.tsx',
  'features/vehicles/components/vehicle-owner-menu.tsx',
  'features/rentals/components/rent-panel.tsx',
];
