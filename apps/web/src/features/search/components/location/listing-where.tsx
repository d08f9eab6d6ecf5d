import { Trans, useLingui } from '@lingui/react/macro';
import '../../../../i18n/more-messages';
import { useState } from 'react';
import { RADIUS_KM_CHOICES } from '@rentdrive/domain/geo';
import { PlaceCombobox } from '../../../../components/map/place-combobox';
import { Button } from '../../../../components/ui/button';
import { controlClasses } from '../../../../components/ui/form-fields';
import type { ListingFilters } from '../../lib/listing-params';

/** The radius a new place starts with. */
const DEFAULT_RADIUS_KM = 25;

export type ListingView = 'list' | 'map';

/** The filters the place controls read (the listing memoizes them: other choices leave this region alone). */
export type WhereFilters = Pick<ListingFilters, 'place' | 'near' | 'radius' | 'sort' | 'area'>;

interface ListingWhereProps {
  filters: WhereFilters;
  onChange: (change: Partial<ListingFilters>) => void;
  view: ListingView;
  onView: (view: ListingView) => void;
}

/** 'lat,lng' of the URL, 4 decimals (about 10 m). */
const pointParam = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

/**
 * The listing's place filters (issue 26): 'Where' with suggestions, 'Near me' from the browser's
 * location, the radius, and the List / Map switch. Everything lives in the URL (near, place, radius)
 * as the other filters do; choosing a place sorts by distance.
 */
export function ListingWhere({ filters, onChange, view, onView }: ListingWhereProps) {
  const { t } = useLingui();
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const placeText = filters.place ?? (filters.near ? t`Your location` : '');

  function locateMe() {
    if (!('geolocation' in navigator)) {
      setGeoError(t`Your browser cannot tell your location.`);
      return;
    }
    setLocating(true);
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onChange({
          near: pointParam(coords.latitude, coords.longitude),
          place: undefined,
          radius: filters.radius ?? DEFAULT_RADIUS_KM,
          area: undefined,
          sort: 'distance',
        });
      },
      (error) => {
        setLocating(false);
        setGeoError(
          error.code === error.PERMISSION_DENIED
            ? t`Location access was denied. Type a city or postcode instead.`
            : t`Your location could not be found. Type a city or postcode instead.`,
        );
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return (
    <div className="mb-3 space-y-2">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <div className="col-span-2 sm:min-w-56 sm:flex-1">
          <PlaceCombobox
            key={placeText}
            id="listing-where"
            label={t`Where`}
            placeholder={t`City or postcode`}
            defaultValue={placeText}
            onPick={(place) =>
              onChange({
                near: pointParam(place.lat, place.lng),
                place: place.postcode ? `${place.postcode} ${place.name}` : place.name,
                radius: filters.radius ?? DEFAULT_RADIUS_KM,
                area: undefined,
                sort: 'distance',
              })
            }
            onClear={() =>
              onChange({
                near: undefined,
                place: undefined,
                radius: undefined,
                sort: filters.sort === 'distance' ? 'relevance' : filters.sort,
              })
            }
          />
        </div>
        <div className="min-w-0">
          <label htmlFor="listing-radius" className="mb-1 block text-xs font-medium text-slate-700">
            <Trans>Distance</Trans>
          </label>
          <select
            id="listing-radius"
            value={filters.radius ?? ''}
            onChange={(e) => onChange({ radius: e.target.value ? Number(e.target.value) : undefined })}
            className={controlClasses(false, 'h-10 pr-8 sm:w-36')}
          >
            {RADIUS_KM_CHOICES.map((km) => (
              <option key={km} value={km}>
                {t`Within ${km} km`}
              </option>
            ))}
            <option value="">{t`Anywhere`}</option>
          </select>
        </div>
        <Button
          type="button"
          variant="secondary"
          // Half a phone's row: a label longer than that (a long language) takes a second line.
          className="h-10 self-end max-sm:h-auto max-sm:min-h-10 max-sm:whitespace-normal max-sm:py-1 max-sm:leading-tight"
          onClick={locateMe}
          isLoading={locating}
          loadingText={t`Locating...`}
        >
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-4">
            <circle cx="10" cy="10" r="3" />
            <path d="M10 1.5v3M10 15.5v3M1.5 10h3M15.5 10h3" />
          </svg>
          <Trans>Near me</Trans>
        </Button>
        <Button
          type="button"
          variant={view === 'map' ? 'primary' : 'secondary'}
          className="col-span-2 h-10 self-end sm:col-span-1"
          aria-pressed={view === 'map'}
          onClick={() => onView(view === 'map' ? 'list' : 'map')}
        >
          {view === 'map' ? <Trans>Show list</Trans> : <Trans>Show map</Trans>}
        </Button>
      </div>
      <SortHint filters={filters} />
      {geoError && (
        <p role="alert" className="text-sm text-danger">
          {geoError}
        </p>
      )}
    </div>
  );
}

/**
 * What the distance sort measures from, said beside the place controls: a place or 'Near me' (the
 * point), else the middle of the map's area; with neither, the sort is not offered yet (the toolbar's
 * option is disabled) and a link with sort=distance is answered as 'Best match'.
 */
function SortHint({ filters }: { filters: WhereFilters }) {
  const byDistance = filters.sort === 'distance';
  if (filters.near) return null;
  if (filters.area) {
    return byDistance ? (
      <p role="status" className="text-xs text-slate-600">
        <Trans>Sorted by distance from the middle of the map area.</Trans>
      </p>
    ) : null;
  }
  return (
    <p role="status" className={byDistance ? 'text-sm text-slate-800' : 'text-xs text-slate-600'}>
      {byDistance ? (
        <Trans>Sorted by best match: choose a place or use ‘Near me’ to sort by distance.</Trans>
      ) : (
        <Trans>Choose a place or use ‘Near me’ to see distances and sort by the nearest.</Trans>
      )}
    </p>
  );
}
