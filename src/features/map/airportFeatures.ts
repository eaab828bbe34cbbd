import type { AirportDto, LoadLevel, WarehouseOccupancyDto } from '../../../contract';
import { LOAD_COLORS } from '../../styles/tokens';

/** Airports as one GeoJSON source; a run's warehouse occupancy picks each marker's fill icon. */

type Theme = keyof typeof LOAD_COLORS;

/** Occupancy rounded to tenths: 33 icons per theme cover every marker. */
export const occupancyIconId = (theme: Theme, nivel: LoadLevel, percent: number) =>
  `occ-${theme}-${nivel}-${Math.max(0, Math.min(10, Math.round(percent / 10)))}`;

const OCC_PATTERN = /^occ-(light|dark)-(disponible|limitado|saturado)-(\d+)$/;

export function airportsCollection(
  airports: readonly AirportDto[],
  occupancy: readonly WarehouseOccupancyDto[] | undefined,
  theme: Theme,
): GeoJSON.FeatureCollection<GeoJSON.Point> {
  const byCode = new Map((occupancy ?? []).map((w) => [w.codigo, w]));
  return {
    type: 'FeatureCollection',
    features: airports.map((a) => {
      const w = byCode.get(a.codigo);
      return {
        type: 'Feature',
        properties: {
          codigo: a.codigo,
          sede: a.sede === true,
          ...(w ? { occupancyIcon: occupancyIconId(theme, w.nivel, w.porcentaje) } : {}),
        },
        geometry: { type: 'Point', coordinates: [a.lon, a.lat] },
      };
    }),
  };
}

const SIZE = 32;

/** Every occupancy icon id (both themes), added when the map loads so no tile waits for one. */
export const OCCUPANCY_ICON_IDS = (['light', 'dark'] as const).flatMap((theme) =>
  (['disponible', 'limitado', 'saturado'] as const).flatMap((nivel) =>
    Array.from({ length: 11 }, (_, i) => occupancyIconId(theme, nivel, i * 10)),
  ),
);

/** Draws an occupancy icon on demand (MapLibre's styleimagemissing), or returns null for other ids. */
export function occupancyIcon(id: string): ImageData | null {
  const match = OCC_PATTERN.exec(id);
  if (!match) return null;
  const theme = match[1] as Theme;
  const nivel = match[2] as LoadLevel;
  const tenths = Number(match[3]);
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  // Inside the marker's circle (radius 8 CSS px at pixel ratio 2), fill from the bottom up.
  ctx.beginPath();
  ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2 - 3, 0, Math.PI * 2);
  ctx.clip();
  const height = (SIZE * tenths) / 10;
  ctx.fillStyle = LOAD_COLORS[theme][nivel];
  ctx.fillRect(0, SIZE - height, SIZE, height);
  return ctx.getImageData(0, 0, SIZE, SIZE);
}
