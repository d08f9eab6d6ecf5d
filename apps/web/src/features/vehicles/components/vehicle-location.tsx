import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { VehicleDetail } from '@rentdrive/contracts/vehicles';

// MapLibre and the basemap load only when the card comes near the screen.
const VehicleAreaMap = lazy(() => import('./vehicle-area-map').then((m) => ({ default: m.VehicleAreaMap })));

/** True once the element is within a screen of the viewport (then it stays true). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * Where the vehicle stands (issue 26): the city, and a map of the approximate area (a circle of
 * about 500 m around a rounded point, as the server sends it). The exact address is shown only to
 * whom the server sends it (the owner). Rendered by the server as text; the map after hydration.
 */
export function VehicleLocation({ vehicle }: { vehicle: VehicleDetail }) {
  const { t } = useLingui();
  const [mapRef, isNear] = useNearViewport<HTMLDivElement>();
  const place = vehicle.place;
  if (!place) return null;
  const exact = vehicle.exactPlace;
  const radius = place.radiusM;
  return (
    // The page's other cards' look (vehicle-info-card's DetailCard, not imported: that would move it out of the page's chunk).
    <section className="rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:p-6" aria-labelledby="card-location">
      <h2 id="card-location" className="mb-4 text-lg font-semibold text-slate-900">
        {t`Location`}
      </h2>
      <p className="text-sm font-medium text-slate-900" data-testid="vehicle-city">
        {place.city}, {place.country}
      </p>
      {exact ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="vehicle-address">
          <Trans>Pick-up address (only you see it):</Trans>{' '}
          {[exact.address, [exact.postcode, exact.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          <Trans>The map shows the area within about {radius} m. The exact pick-up address is shared with the renter after booking.</Trans>
        </p>
      )}
      <div
        ref={mapRef}
        data-testid="vehicle-area"
        className="mt-3 h-64 overflow-hidden rounded-card border border-slate-200 bg-slate-100 sm:h-80"
      >
        {isNear && (
          <Suspense fallback={null}>
            <VehicleAreaMap place={place} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
