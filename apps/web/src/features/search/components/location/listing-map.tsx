import { Trans, useLingui } from '@lingui/react/macro';
import '../../../../i18n/more-messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Marker, Popup, type MapRef, type ViewStateChangeEvent } from '@vis.gl/react-maplibre';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import Supercluster, { type AnyProps, type ClusterFeature as Cluster, type PointFeature } from 'supercluster';
import { VehiclePaths } from '@rentdrive/contracts/paths/vehicles';
import { Search, type VehicleCard } from '@rentdrive/contracts/search';
import { BaseMap } from '../../../../components/map/base-map';
import { Button } from '../../../../components/ui/button';
import { useFormat } from '../../../../i18n/format';
import { callApi } from '../../../../lib/api-client';
import { SEARCH_QUERY_PREFIX } from '../../../../lib/listing-queries';
import { toSearchBody, type ListingFilters } from '../../lib/listing-params';

/** The most markers one map shows (the search's largest page): the list pages through the rest. */
const MAP_RESULTS = 100;
/** Europe, when neither a place nor results say where to look. */
const EUROPE: [number, number, number, number] = [-11, 35, 30, 62];

type Placed = VehicleCard & { point: { lat: number; lng: number } };
type PointProps = { id: string };
type ClusterFeature = Cluster<AnyProps> | PointFeature<PointProps>;

/** 'west,south,east,north' of the map's visible area, 4 decimals. */
function areaParam(map: MapRef): string {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v) => v.toFixed(4)).join(',');
}

function initialBounds(filters: ListingFilters, placed: Placed[]): [number, number, number, number] {
  const area = filters.area?.split(',').map(Number);
  if (area?.length === 4 && area.every(Number.isFinite)) return area as [number, number, number, number];
  const near = filters.near?.split(',').map(Number);
  if (near?.length === 2 && near.every(Number.isFinite) && filters.radius) {
    const [lat = 0, lng = 0] = near;
    const dLat = filters.radius / 111;
    const dLng = dLat / Math.max(0.2, Math.cos((lat * Math.PI) / 180));
    return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
  }
  if (!placed.length) return EUROPE;
  const lngs = placed.map((v) => v.point.lng);
  const lats = placed.map((v) => v.point.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/**
 * The listing's map (issue 26): the results' rounded points as price markers, clustered by
 * supercluster when dense (a cluster zooms in when pressed), a marker opens a small card linking to
 * the vehicle, and moving the map offers 'Search this area' (the URL's `area`). The list beside it
 * stays the way to every result for keyboards and screen readers; markers are buttons too.
 */
export function ListingMap({ filters, onChange }: { filters: ListingFilters; onChange: (change: Partial<ListingFilters>) => void }) {
  const { t } = useLingui();
  const format = useFormat();
  const body = useMemo(() => toSearchBody({ ...filters, page: 1 }, MAP_RESULTS), [filters]);
  // Its own query (not api/search-vehicles: a lazy importer would move that module out of the listing's chunk, ADR 013).
  const results = useQuery({
    queryKey: [...SEARCH_QUERY_PREFIX, 'map', body],
    queryFn: ({ signal }) => callApi(Search.search, { body, signal }),
    placeholderData: keepPreviousData,
  });
  const placed = useMemo(() => (results.data?.items ?? []).filter((v): v is Placed => Boolean(v.point)), [results.data]);
  const index = useMemo(() => {
    const cluster = new Supercluster<PointProps>({ radius: 48, maxZoom: 16 });
    cluster.load(
      placed.map((v) => ({
        type: 'Feature',
        properties: { id: v.id },
        geometry: { type: 'Point', coordinates: [v.point.lng, v.point.lat] },
      })),
    );
    return cluster;
  }, [placed]);
  const byId = useMemo(() => new Map(placed.map((v) => [v.id, v])), [placed]);
  const mapRef = useRef<MapRef>(null);
  const [view, setView] = useState<{ bbox: [number, number, number, number]; zoom: number } | null>(null);
  const [moved, setMoved] = useState(false);
  const [open, setOpen] = useState<Placed | null>(null);
  const [initial] = useState(() => initialBounds(filters, placed));

  // Without a radius or an area the map opens on Europe and then fits the results once they are in.
  const fitted = useRef(Boolean(filters.area || (filters.near && filters.radius) || placed.length));
  useEffect(() => {
    if (fitted.current || !placed.length || !mapRef.current) return;
    fitted.current = true;
    mapRef.current.fitBounds(initialBounds(filters, placed), { padding: 40, maxZoom: 13, duration: 0 });
  }, [filters, placed]);

  function readView() {
    const map = mapRef.current;
    if (!map) return;
    const b = map.getBounds();
    setView({ bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: Math.round(map.getZoom()) });
  }
  function handleMoveEnd(event: ViewStateChangeEvent) {
    readView();
    // Only a person's pan or zoom offers a new search; our own fitting does not.
    if (event.originalEvent) setMoved(true);
  }
  const features: ClusterFeature[] = view ? index.getClusters(view.bbox, view.zoom) : [];

  // 'Show map' was just pressed: on a phone (and under a tall header on wide screens) the map opens
  // below the filters, out of sight; it is brought up unless most of it is on screen already.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || element.getBoundingClientRect().top <= window.innerHeight / 2) return;
    element.scrollIntoView({ block: 'start' });
  }, []);

  return (
    // MapLibre's canvas is the region named 'Map of the results' (BaseMap's label).
    <div
      ref={box}
      data-testid="listing-map"
      className="relative h-[70vh] min-h-80 scroll-mt-20 overflow-hidden rounded-card border border-slate-200 xl:sticky xl:top-24 xl:h-[calc(100vh-8rem)]"
    >
      <BaseMap
        ref={mapRef}
        label={t`Map of the results`}
        initialViewState={{ bounds: initial, fitBoundsOptions: { padding: 40, maxZoom: 13 } }}
        onLoad={readView}
        onMoveEnd={handleMoveEnd}
        style={{ width: '100%', height: '100%' }}
      >
        {features.map((feature) => {
          const [lng = 0, lat = 0] = feature.geometry.coordinates;
          const props = feature.properties as AnyProps;
          if (props.cluster) {
            const count = Number(props.point_count);
            const clusterId = Number(props.cluster_id);
            return (
              <Marker key={`c${clusterId}`} longitude={lng} latitude={lat}>
                <button
                  type="button"
                  data-testid="map-cluster"
                  aria-label={t`${count} vehicles here: zoom in`}
                  onClick={() =>
                    mapRef.current?.easeTo({
                      center: [lng, lat],
                      zoom: Math.min(index.getClusterExpansionZoom(clusterId), 17),
                      duration: 300,
                    })
                  }
                  className="flex size-10 items-center justify-center rounded-full border-2 border-white bg-accent-700 text-sm font-bold text-white shadow-md"
                >
                  {count}
                </button>
              </Marker>
            );
          }
          const vehicle = byId.get(String(props.id));
          if (!vehicle) return null;
          return (
            <Marker key={vehicle.id} longitude={lng} latitude={lat}>
              <button
                type="button"
                data-testid="map-marker"
                aria-label={t`${vehicle.make} ${vehicle.model}, ${format.money(vehicle.pricePerDay)} per day`}
                onClick={() => setOpen(vehicle)}
                className="rounded-full border border-slate-300 bg-white px-2 py-1 text-xs font-bold whitespace-nowrap text-slate-900 tabular-nums shadow-md hover:bg-accent-50"
              >
                {format.money(vehicle.pricePerDay)}
              </button>
            </Marker>
          );
        })}
        {open && (
          <Popup
            longitude={open.point.lng}
            latitude={open.point.lat}
            offset={18}
            onClose={() => setOpen(null)}
            // The marker's own click reaches the map too: closing on map clicks would shut the card
            // the click just opened. It closes with its button, or when another marker is chosen.
            closeOnClick={false}
            closeButton
            maxWidth="16rem"
          >
            <div className="space-y-1 text-sm" data-testid="map-card">
              <p className="font-semibold text-slate-900">
                {open.make} {open.model}
              </p>
              <p className="text-slate-700">
                <Trans>{format.money(open.pricePerDay)} per day</Trans>
              </p>
              {open.city && <p className="text-slate-600">{open.city}</p>}
              <Link to={VehiclePaths.detail(open.id)} className="font-medium text-accent-700 underline">
                <Trans>View vehicle</Trans>
              </Link>
            </div>
          </Popup>
        )}
      </BaseMap>
      {moved && (
        <div className="absolute inset-x-0 top-3 flex justify-center">
          <Button
            type="button"
            size="sm"
            className="shadow-md"
            onClick={() => {
              if (!mapRef.current) return;
              setMoved(false);
              onChange({ area: areaParam(mapRef.current) });
            }}
          >
            <Trans>Search this area</Trans>
          </Button>
        </div>
      )}
      {results.isFetching && (
        <p className="absolute bottom-3 left-3 rounded bg-white/90 px-2 py-1 text-xs text-slate-700" aria-live="polite">
          <Trans>Loading vehicles...</Trans>
        </p>
      )}
    </div>
  );
}
