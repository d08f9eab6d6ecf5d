import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Layer, Marker, Source } from '@vis.gl/react-maplibre';
import { useMemo } from 'react';
import type { PublicPlace } from '@rentdrive/contracts/location';
import { BaseMap } from '../../../components/map/base-map';
import { circlePolygon } from '../../../components/map/circle-polygon';

/** The approximate area of a vehicle: a circle around its rounded point, the city named on the map. */
export function VehicleAreaMap({ place }: { place: PublicPlace }) {
  const { t } = useLingui();
  const circle = useMemo(() => circlePolygon(place.lat, place.lng, place.radiusM), [place]);
  return (
    <BaseMap
      label={t`Map of the area around ${place.city}`}
      initialViewState={{ longitude: place.lng, latitude: place.lat, zoom: 13 }}
      minZoom={4}
      maxZoom={15}
      style={{ width: '100%', height: '100%' }}
    >
      <Source id="area" type="geojson" data={circle}>
        <Layer id="area-fill" type="fill" paint={{ 'fill-color': '#0d9488', 'fill-opacity': 0.18 }} />
        <Layer id="area-line" type="line" paint={{ 'line-color': '#0f766e', 'line-width': 2 }} />
      </Source>
      <Marker longitude={place.lng} latitude={place.lat} anchor="top" offset={[0, 8]}>
        <span className="rounded bg-white/90 px-1.5 py-0.5 text-xs font-semibold text-slate-800 shadow-sm" data-testid="area-label">
          {place.city}
        </span>
      </Marker>
    </BaseMap>
  );
}
