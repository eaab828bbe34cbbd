import type { Map as MapLibreMap } from 'maplibre-gl';
import { useLayoutEffect, useRef } from 'react';
import type { AirportDto } from '../../../contract';
import { airportDisplayName } from './airportName';
import * as styles from './FlightMap.css';
import { MARKER_SIZE_PX } from './mapConfig';

/**
 * The label of the active or hovered airport: one HTML element kept over its marker as the camera moves
 * (an offline map has no glyph server for MapLibre text).
 */
export function AirportLabel({
  map,
  airport,
  kind,
}: {
  map: MapLibreMap;
  airport: AirportDto;
  kind: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const place = () => {
      const el = ref.current;
      if (!el) return;
      const point = map.project([airport.lon, airport.lat]);
      // On the globe, hide the label when its airport is on the far side.
      const hidden = map.getProjection()?.type === 'globe' && isOccluded(map, airport);
      el.style.visibility = hidden ? 'hidden' : 'visible';
      el.style.transform = `translate(-50%, 0) translate(${point.x}px, ${point.y + MARKER_SIZE_PX / 2 + 6}px)`;
    };
    place();
    map.on('move', place);
    map.on('resize', place);
    return () => {
      map.off('move', place);
      map.off('resize', place);
    };
  }, [map, airport]);
  return (
    <div ref={ref} className={styles.label} data-airport-label={kind} data-codigo={airport.codigo}>
      {airportDisplayName(airport)}
    </div>
  );
}

/** True when the point faces away from the camera on the globe (angular distance > 90° from centre). */
function isOccluded(map: MapLibreMap, airport: AirportDto) {
  const c = map.getCenter();
  const rad = Math.PI / 180;
  const cos =
    Math.sin(c.lat * rad) * Math.sin(airport.lat * rad) +
    Math.cos(c.lat * rad) * Math.cos(airport.lat * rad) * Math.cos((airport.lon - c.lng) * rad);
  return cos < 0;
}
