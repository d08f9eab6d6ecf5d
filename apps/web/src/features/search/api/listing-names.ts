import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { VehicleCategory, VehicleType } from '@rentdrive/contracts/catalogue';
import { LOCALES, type Locale } from '@rentdrive/contracts/locales';
import { CatalogueReadPaths } from '@rentdrive/contracts/paths/catalogue-read';
import { callApi, lazyEndpoint } from '../../../lib/api-client';
import { categoriesQueryOptions, vehicleTypesQueryOptions } from '../../../lib/reference-data';

/**
 * The listing's `type` and `category` parameters name a catalogue row in any of our languages, or by
 * id (issue 24): '/de/listing?type=Car' is the German listing of cars, as is '/de/listing?type=Auto'
 * (a link from an English page, the language switch keeping the query, a bookmark). The page shows
 * the row's name in its own language: the heading 'Auto', the type select on 'Auto'.
 *
 * The catalogue lists come in the page's language only (the API's wire shape stays as it was), so a
 * name that is not one of them is looked up in the other languages' lists, asked for only then.
 */

const TypesEndpoint = lazyEndpoint('GET', CatalogueReadPaths.types, (c) => c.Catalogue.types);
const CategoriesEndpoint = lazyEndpoint('GET', CatalogueReadPaths.categories, (c) => c.Catalogue.categories);

/** The vehicle types named in `locale` (under the reference data's key: the catalogue editors' invalidation reaches it). */
export function vehicleTypesInQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...vehicleTypesQueryOptions.queryKey, 'in', locale],
    queryFn: ({ signal }) => callApi(TypesEndpoint, { signal, headers: { 'Accept-Language': locale } }),
  });
}

export function categoriesInQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...categoriesQueryOptions.queryKey, 'in', locale],
    queryFn: ({ signal }) => callApi(CategoriesEndpoint, { signal, headers: { 'Accept-Language': locale } }),
  });
}

/**
 * Runs an API call as asked in `locale`. The browser names the language in the call's
 * Accept-Language; the server renderer sends the rendered page's language with every call, so it
 * passes its own (calls made as if rendering a page in `locale`).
 */
export type InLanguage = <T>(locale: Locale, call: () => Promise<T>) => Promise<T>;
const asAsked: InLanguage = (_locale, call) => call();

/** The types and categories in every language but `locale`, in one query (one entry in the page's data). */
export function otherNamesQueryOptions(locale: string, inLanguage: InLanguage = asAsked) {
  return queryOptions({
    queryKey: [...vehicleTypesQueryOptions.queryKey, 'other-languages', locale],
    queryFn: async ({ signal }) => {
      const others = otherLocales(locale);
      const headers = (l: Locale) => ({ 'Accept-Language': l });
      const [otherTypes, otherCategories] = await Promise.all([
        Promise.all(others.map((l) => inLanguage(l, () => callApi(TypesEndpoint, { signal, headers: headers(l) })))),
        Promise.all(others.map((l) => inLanguage(l, () => callApi(CategoriesEndpoint, { signal, headers: headers(l) })))),
      ]);
      return { otherTypes, otherCategories };
    },
  });
}

/** The languages whose lists are read when the page's own does not know the name. */
export function otherLocales(locale: string): Locale[] {
  return LOCALES.filter((l) => l !== locale);
}

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

function byNameOrId<T extends { id: number; name: string }>(rows: readonly T[], ref: string): T | undefined {
  return rows.find((row) => sameName(row.name, ref)) ?? (/^\d+$/.test(ref) ? rows.find((row) => String(row.id) === ref) : undefined);
}

export interface CatalogueRows {
  /** The page's language's lists. */
  types: readonly VehicleType[];
  categories: readonly VehicleCategory[];
  /** The same lists in the other languages, those loaded (empty when none was needed). */
  otherTypes: readonly (readonly VehicleType[])[];
  otherCategories: readonly (readonly VehicleCategory[])[];
}

export interface ResolvedNames {
  /** The chosen type as the page's language names it, undefined when no type is chosen or it is unknown. */
  type?: VehicleType;
  category?: VehicleCategory;
}

/**
 * The rows a listing's `type` and `category` parameters name: by the page's language's name, then
 * by id, then by another language's name (the same row's id in the page's list).
 */
export function resolveListingNames(rows: CatalogueRows, typeRef: string | undefined, categoryRef: string | undefined): ResolvedNames {
  if (!typeRef) return {};
  let type = byNameOrId(rows.types, typeRef);
  if (!type) {
    for (const list of rows.otherTypes) {
      const other = byNameOrId(list, typeRef);
      type = other && rows.types.find((t) => t.id === other.id);
      if (type) break;
    }
  }
  if (!type || !categoryRef) return { type };
  const ofType = (list: readonly VehicleCategory[]) => list.filter((c) => c.vehicleTypeId === type.id);
  let category = byNameOrId(ofType(rows.categories), categoryRef);
  if (!category) {
    for (const list of rows.otherCategories) {
      const other = byNameOrId(ofType(list), categoryRef);
      category = other && rows.categories.find((c) => c.id === other.id);
      if (category) break;
    }
  }
  return { type, category };
}

/** Whether the page's own lists leave a parameter unresolved (then the other languages' lists are read). */
export function needsOtherLanguages(rows: Pick<CatalogueRows, 'types' | 'categories'>, typeRef?: string, categoryRef?: string): boolean {
  if (!typeRef) return false;
  const own = resolveListingNames({ ...rows, otherTypes: [], otherCategories: [] }, typeRef, categoryRef);
  return !own.type || (categoryRef !== undefined && !own.category);
}

/** The listing's chosen type and category in the page's language (see the module's comment). */
export function useListingNames(locale: string, typeRef: string | undefined, categoryRef: string | undefined): ResolvedNames {
  const types = useQuery(vehicleTypesQueryOptions);
  const categories = useQuery(categoriesQueryOptions);
  const own = { types: types.data ?? [], categories: categories.data ?? [] };
  const loaded = types.isSuccess && categories.isSuccess;
  const others = useQuery({ ...otherNamesQueryOptions(locale), enabled: loaded && needsOtherLanguages(own, typeRef, categoryRef) });
  return resolveListingNames({ ...own, otherTypes: [], otherCategories: [], ...others.data }, typeRef, categoryRef);
}

/**
 * The server's render: loads what useListingNames reads (the other languages' lists only when the
 * page's own does not know a name, as the browser does, so hydration finds the same rows).
 */
export async function loadListingNames(
  queryClient: QueryClient,
  locale: string,
  typeRef: string | undefined,
  categoryRef: string | undefined,
  inLanguage: InLanguage,
): Promise<ResolvedNames> {
  const [types, categories] = await Promise.all([
    queryClient.fetchQuery(vehicleTypesQueryOptions),
    queryClient.fetchQuery(categoriesQueryOptions),
  ]);
  const own = { types, categories, otherTypes: [], otherCategories: [] };
  if (!needsOtherLanguages(own, typeRef, categoryRef)) return resolveListingNames(own, typeRef, categoryRef);
  return resolveListingNames(
    { ...own, ...(await queryClient.fetchQuery(otherNamesQueryOptions(locale, inLanguage))) },
    typeRef,
    categoryRef,
  );
}

function plural(name: string): string {
  return name.endsWith('s') ? name : `${name}s`;
}

/**
 * The listing's main title of a type (and category), by their names in the page's language: the
 * spec's English 'Cars', 'SUV Cars'; the other languages cannot make a plural by adding an 's'
 * ('Fahrrad'), so they show the catalogue's names as they are: 'Auto', 'Auto – SUV'. (Here, with the
 * listing's code: home's first load shares listing-params.ts and does not need it.)
 */
export function listingHeading(filters: { type?: string; category?: string }, locale: string = 'en'): string {
  const { type, category } = filters;
  if (!type) return 'All Vehicles';
  if (locale !== 'en') return category ? `${type} – ${category}` : type;
  return category ? `${category} ${plural(type)}` : plural(type);
}
