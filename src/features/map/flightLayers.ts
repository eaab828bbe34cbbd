import type {
  CircleLayerSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { LOAD_COLORS, MAP_COLORS, MARKER_COLORS } from '../../styles/tokens';
import { MARKER_SIZE_PX } from './mapConfig';
import { PLANE_ICON } from './planeIcon';

/**
 * Sources and layers drawn over the base map (house style: module constants, one set per theme).
 * Every plane shares the one `flights` GeoJSON source; airports, routes and the selected order's route
 * have one source each.
 */

export const SOURCE = {
  airports: 'airports',
  routes: 'routes',
  selectedRoute: 'selected-route',
  orderRoute: 'order-route',
  flights: 'flights',
  highlight: 'highlight',
} as const;

export const LAYER = {
  routes: 'route-lines',
  routeSelected: 'route-selected',
  orderRoute: 'order-route-line',
  airportMarkers: 'airport-markers',
  airportOccupancy: 'airport-occupancy',
  airportSedeRing: 'airport-sede-ring',
  airportSedeDot: 'airport-sede-dot',
  planes: 'flight-planes',
  planeSelected: 'flight-plane-selected',
  highlightRoutes: 'highlight-routes',
  highlightAirports: 'highlight-airports',
} as const;

/**
 * The planes' source is rebuilt every animation frame: a point needs no tile buffer (a symbol is drawn
 * by the tile holding its anchor) and tiles past zoom 10 are overscaled instead of re-cut.
 */
export const FLIGHTS_SOURCE_OPTIONS = { buffer: 0, maxzoom: 10 } as const;

/** Layers a click or hover can hit. */
export const INTERACTIVE_LAYERS = [LAYER.planeSelected, LAYER.planes, LAYER.airportMarkers];

type Theme = keyof typeof MAP_COLORS;

const MARKER_RADIUS = MARKER_SIZE_PX / 2;

function build(theme: Theme) {
  const load = LOAD_COLORS[theme];
  const colors = MAP_COLORS[theme];
  const defaultPlane = theme === 'dark' ? '#f8fafc' : '#0f172a';

  const routes: LineLayerSpecification = {
    id: LAYER.routes,
    type: 'line',
    source: SOURCE.routes,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': ['coalesce', ['get', 'pathColor'], MARKER_COLORS.base],
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.8, 6, 2],
      'line-opacity': theme === 'dark' ? 0.45 : 0.55,
    },
  };

  const routeSelected: LineLayerSpecification = {
    id: LAYER.routeSelected,
    type: 'line',
    source: SOURCE.selectedRoute,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': ['coalesce', ['get', 'pathColor'], MARKER_COLORS.base],
      // The hovered plane's route is a lighter hint than the selected one's.
      'line-width': [
        'interpolate',
        ['linear'],
        ['zoom'],
        1,
        ['case', ['boolean', ['get', 'hover'], false], 1.5, 2.5],
        6,
        ['case', ['boolean', ['get', 'hover'], false], 2.5, 4],
      ],
      'line-opacity': ['case', ['boolean', ['get', 'hover'], false], 0.75, 1],
    },
  };

  const orderRoute: LineLayerSpecification = {
    id: LAYER.orderRoute,
    type: 'line',
    source: SOURCE.orderRoute,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': load.limitado,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 3, 6, 5],
      'line-dasharray': [2, 1],
    },
  };

  // What a collapse report points at: full flights' routes and saturated warehouses, in the saturated colour.
  const highlightRoutes: LineLayerSpecification = {
    id: LAYER.highlightRoutes,
    type: 'line',
    source: SOURCE.highlight,
    filter: ['==', ['get', 'kind'], 'route'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': load.saturado,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 2, 6, 4],
      'line-opacity': 0.9,
    },
  };

  const highlightAirports: CircleLayerSpecification = {
    id: LAYER.highlightAirports,
    type: 'circle',
    source: SOURCE.highlight,
    filter: ['==', ['get', 'kind'], 'airport'],
    paint: {
      'circle-radius': MARKER_RADIUS + 8,
      'circle-color': load.saturado,
      'circle-opacity': 0.25,
      'circle-stroke-width': 3,
      'circle-stroke-color': load.saturado,
      'circle-pitch-alignment': 'viewport',
    },
  };

  const airportMarkers: CircleLayerSpecification = {
    id: LAYER.airportMarkers,
    type: 'circle',
    source: SOURCE.airports,
    paint: {
      'circle-radius': MARKER_RADIUS,
      'circle-color': [
        'case',
        ['boolean', ['feature-state', 'hover'], false],
        MARKER_COLORS.hover,
        ['get', 'sede'],
        MARKER_COLORS.sede,
        MARKER_COLORS.base,
      ],
      'circle-stroke-width': ['case', ['boolean', ['feature-state', 'active'], false], 3, 1.5],
      'circle-stroke-color': [
        'case',
        ['boolean', ['feature-state', 'active'], false],
        MARKER_COLORS.hover,
        colors.labelHalo,
      ],
      'circle-pitch-alignment': 'viewport',
    },
  };

  // Occupancy: the lower part of the marker fills with the warehouse's load colour (icons drawn at runtime).
  const airportOccupancy: SymbolLayerSpecification = {
    id: LAYER.airportOccupancy,
    type: 'symbol',
    source: SOURCE.airports,
    filter: ['has', 'occupancyIcon'],
    layout: {
      'icon-image': ['get', 'occupancyIcon'],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
      'icon-pitch-alignment': 'viewport',
    },
  };

  const airportSedeRing: CircleLayerSpecification = {
    id: LAYER.airportSedeRing,
    type: 'circle',
    source: SOURCE.airports,
    filter: ['==', ['get', 'sede'], true],
    paint: {
      'circle-radius': MARKER_RADIUS + 4,
      'circle-opacity': 0,
      'circle-stroke-width': 2,
      'circle-stroke-color': MARKER_COLORS.ring,
      'circle-pitch-alignment': 'viewport',
    },
  };

  const airportSedeDot: CircleLayerSpecification = {
    id: LAYER.airportSedeDot,
    type: 'circle',
    source: SOURCE.airports,
    filter: ['==', ['get', 'sede'], true],
    paint: { 'circle-radius': 2.5, 'circle-color': '#ffffff', 'circle-pitch-alignment': 'viewport' },
  };

  const planes: SymbolLayerSpecification = {
    id: LAYER.planes,
    type: 'symbol',
    source: SOURCE.flights,
    layout: {
      'icon-image': PLANE_ICON,
      'icon-size': 0.6,
      'icon-rotate': ['get', 'bearing'],
      'icon-rotation-alignment': 'map',
      'icon-pitch-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
    paint: {
      // The theme's colour of the load level, as the legend shows it; the stream's colour without one.
      'icon-color': [
        'match',
        ['get', 'nivel'],
        'disponible',
        load.disponible,
        'limitado',
        load.limitado,
        'saturado',
        load.saturado,
        ['coalesce', ['get', 'planeColor'], defaultPlane],
      ],
      'icon-halo-color': colors.labelHalo,
      'icon-halo-width': 0.8,
    },
  };

  // The selected plane again, larger and haloed, above the rest (no per-feature sort key to compute).
  const planeSelected: SymbolLayerSpecification = {
    ...planes,
    id: LAYER.planeSelected,
    filter: ['==', ['get', 'selected'], true],
    layout: { ...planes.layout, 'icon-size': 0.9 },
    paint: { ...planes.paint, 'icon-halo-color': MARKER_COLORS.hover, 'icon-halo-width': 2.5 },
  };

  const layers: LayerSpecification[] = [
    routes,
    routeSelected,
    orderRoute,
    highlightRoutes,
    highlightAirports,
    airportSedeRing,
    airportMarkers,
    airportOccupancy,
    airportSedeDot,
    planes,
    planeSelected,
  ];
  return {
    routes,
    routeSelected,
    orderRoute,
    highlightRoutes,
    highlightAirports,
    airportMarkers,
    airportOccupancy,
    airportSedeRing,
    airportSedeDot,
    planes,
    planeSelected,
    layers,
  };
}

export const FLIGHT_LAYERS = { light: build('light'), dark: build('dark') } as const;

export const EMPTY_COLLECTION: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
