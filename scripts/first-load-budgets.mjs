// The first-load budgets `npm test` holds (scripts/test.mjs), apart so that they change on their own.
/**
 * First load of the public screens (JS + CSS, gzip KB), checked on every run; docs/performance.md has
 * what is in them. Issue 22's targets are 130 / 145 / 135 KB, which React 19 met (129.6 / 136.7 / 133.5,
 * ADR 016). The languages (b46dfa9, issue 24: Lingui's runtime and the English catalogue in the
 * entry) add 5.9 KB to every page: 135.4 / 144.1 / 140.3 KB. Until that comes out of the first load
 * again, the check holds today's sizes so that nothing grows further; home and the vehicle page are
 * over the issue's targets (known, in docs/performance.md "React 19"). Session 8 added the language
 * prefixes and switch (+0.45 KB), favourites, card totals, dates in links and the login return
 * (issue 29, +0.4 to +0.9 KB): 136.8 / 146.0 / 142.2 KB, budgets moved by what they measured.
 * Session 9 (measured on the shared tree at 15:35 UTC, every engineer's work in it): 138.43 / 148.75 /
 * 143.96 KB. Issue 26's part is what the maps could not move out: the place parameters in
 * listing-params (home's `public` chunk), the two lazy mounts, the card's city and distance, and the
 * new components' classes in the one stylesheet; MapLibre and the basemap load only with a map.
 */
export const FIRST_LOAD_BUDGETS_KB = { home: 138.8, listing: 149.1, 'vehicle-details': 144.3 };
