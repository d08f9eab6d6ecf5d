import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Map, NavigationControl, type MapProps, type MapRef } from '@vis.gl/react-maplibre';
import { forwardRef, useMemo } from 'react';
import { mapLib } from './map-lib';
import { mapStyle } from './map-style';

export type BaseMapProps = Omit<MapProps, 'mapLib' | 'mapStyle' | 'locale'> & {
  /** The map's accessible name (its region's label). */
  label: string;
};

/**
 * The app's map: MapLibre GL JS through @vis.gl/react-maplibre (ADR 021) with the operator's style
 * or the embedded default basemap, zoom buttons, the attribution, and MapLibre's own texts in the
 * page's language. Only the lazily loaded map chunks import it, so no public page's first load
 * carries MapLibre.
 */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap({ label, children, ...props }, ref) {
  const { t } = useLingui();
  const style = useMemo(mapStyle, []);
  const locale = useMemo(
    () => ({
      'Map.Title': label,
      'NavigationControl.ZoomIn': t`Zoom in`,
      'NavigationControl.ZoomOut': t`Zoom out`,
      'NavigationControl.ResetBearing': t`Reset bearing to north`,
      'AttributionControl.ToggleAttribution': t`Toggle attribution`,
    }),
    [label, t],
  );
  return (
    <Map
      ref={ref}
      mapLib={mapLib}
      mapStyle={style}
      locale={locale}
      attributionControl={{ compact: true }}
      dragRotate={false}
      pitchWithRotate={false}
      touchPitch={false}
      cooperativeGestures={false}
      {...props}
    >
      <NavigationControl showCompass={false} position="top-right" />
      {children}
    </Map>
  );
});
