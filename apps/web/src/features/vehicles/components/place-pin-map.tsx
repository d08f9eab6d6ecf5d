import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Marker, type MapRef } from '@vis.gl/react-maplibre';
import { useEffect, useRef } from 'react';
import { BaseMap } from '../../../components/map/base-map';

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The owner's pin: dragged, or moved by a click on the map; the map follows a new city. */
export function PlacePinMap({ lat, lng, onMove }: { lat: number; lng: number; onMove: (lat: number, lng: number) => void }) {
  const { t } = useLingui();
  const mapRef = useRef<MapRef>(null);
  const last = useRef({ lat, lng });
  useEffect(() => {
    // A place picked from the suggestions moves the pin far: the map goes there (a drag stays in view).
    const moved = Math.abs(last.current.lat - lat) + Math.abs(last.current.lng - lng);
    last.current = { lat, lng };
    if (moved > 0.05) mapRef.current?.flyTo({ center: [lng, lat], zoom: 13, duration: 0 });
  }, [lat, lng]);
  return (
    <BaseMap
      ref={mapRef}
      label={t`Map to place the pick-up pin`}
      initialViewState={{ longitude: lng, latitude: lat, zoom: 13 }}
      onClick={(event) => onMove(round(event.lngLat.lat), round(event.lngLat.lng))}
      style={{ width: '100%', height: '100%' }}
    >
      <Marker
        longitude={lng}
        latitude={lat}
        draggable
        anchor="bottom"
        onDragEnd={(event) => onMove(round(event.lngLat.lat), round(event.lngLat.lng))}
      >
        <svg viewBox="0 0 24 32" className="h-8 w-6 drop-shadow" aria-hidden="true" data-testid="place-pin">
          <path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 20 12 20s12-11 12-20C24 5.4 18.6 0 12 0z" fill="#0f766e" />
          <circle cx="12" cy="12" r="4.5" fill="#fff" />
        </svg>
      </Marker>
    </BaseMap>
  );
}
