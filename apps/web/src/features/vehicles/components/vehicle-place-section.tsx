import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { lazy, Suspense } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { PlaceCombobox } from '../../../components/map/place-combobox';
import { TextField } from '../../../components/ui/form-fields';
import type { VehicleFormValues, VehiclePlaceValue } from './vehicle-form-schema';

// MapLibre loads with the form's map only (the form is a signed-in screen; it is still 200 KB).
const PlacePinMap = lazy(() => import('./place-pin-map').then((m) => ({ default: m.PlacePinMap })));

/**
 * The vehicle form's pick-up place (issue 26): a city or postcode with suggestions, which puts the
 * pin on the map, then the pin dragged (or the map clicked) to the exact spot; street address and
 * postcode are optional and stay private. Required for a new listing; an existing vehicle without
 * a place may be saved as it is. Its value is the form's `place`, saved after the vehicle.
 */
export function VehiclePlaceSection({ form, disabled }: { form: UseFormReturn<VehicleFormValues>; disabled?: boolean }) {
  const { t } = useLingui();
  const place = useWatch({ control: form.control, name: 'place' });
  const error = form.formState.errors.place ? t`Choose the pick-up place: a city or postcode, then the pin on the map.` : undefined;
  const set = (next: VehiclePlaceValue) => form.setValue('place', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const base: VehiclePlaceValue = place ?? { city: '', country: '', lat: 0, lng: 0, address: null, postcode: null };

  return (
    <section className="rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="vehicle-place-title">
      <h2 id="vehicle-place-title" className="mb-1 text-lg font-semibold text-slate-900">
        <Trans>Pick-up place</Trans>
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        <Trans>Renters see the city and an area of about 500 m; the exact address only after booking.</Trans>
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
        <legend className="sr-only">{t`Pick-up place`}</legend>
        <PlaceCombobox
          id="vehicle-place-city"
          label={t`City or postcode`}
          required
          defaultValue={place?.city ?? ''}
          error={error}
          onPick={(picked) =>
            set({
              ...base,
              city: picked.name,
              country: picked.country,
              postcode: picked.postcode ?? base.postcode ?? null,
              lat: picked.lat,
              lng: picked.lng,
            })
          }
        />
        <TextField
          label={t`Street address (optional, private)`}
          maxLength={200}
          autoComplete="street-address"
          value={place?.address ?? ''}
          disabled={!place}
          onChange={(e) => set({ ...base, address: e.target.value || null })}
        />
        <TextField
          label={t`Postcode (optional)`}
          maxLength={20}
          autoComplete="postal-code"
          value={place?.postcode ?? ''}
          disabled={!place}
          onChange={(e) => set({ ...base, postcode: e.target.value || null })}
        />
        <p className="self-end text-sm text-slate-700" aria-live="polite" data-testid="place-point">
          {place ? (
            <Trans>
              Pin at {place.lat.toFixed(5)}, {place.lng.toFixed(5)} ({place.city}, {place.country})
            </Trans>
          ) : (
            <Trans>No place chosen yet.</Trans>
          )}
        </p>
      </fieldset>
      {place && (
        <div className="mt-4 h-72 overflow-hidden rounded-card border border-slate-200 bg-slate-100">
          <Suspense fallback={null}>
            <PlacePinMap lat={place.lat} lng={place.lng} onMove={(lat, lng) => set({ ...base, lat, lng })} />
          </Suspense>
        </div>
      )}
      {place && (
        <p className="mt-2 text-xs text-slate-600">
          <Trans>Drag the pin, or click the map, to the exact spot.</Trans>
        </p>
      )}
    </section>
  );
}
