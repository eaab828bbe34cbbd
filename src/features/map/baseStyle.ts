import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { MAP_COLORS } from '../../styles/tokens';
import { unwrapLongitudes } from './geo';

/**
 * The embedded base map: world-atlas country shapes (110m, 39 KB gzipped) with borders and a graticule,
 * so the map needs no tile server. One style per theme; both share the same sources and layer ids, so
 * switching theme is a paint-only diff for MapLibre.
 */

type Theme = keyof typeof MAP_COLORS;
type Ring = [number, number][];

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;

function unwrapGeometry(geometry: GeoJSON.Geometry): GeoJSON.Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => unwrapLongitudes(ring)) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => unwrapLongitudes(ring))),
      };
    case 'LineString':
      return { type: 'LineString', coordinates: unwrapLongitudes(geometry.coordinates) };
    case 'MultiLineString':
      return {
        type: 'MultiLineString',
        coordinates: geometry.coordinates.map((line) => unwrapLongitudes(line)),
      };
    default:
      return geometry;
  }
}

let cachedData: {
  land: GeoJSON.FeatureCollection;
  borders: GeoJSON.Feature;
  graticule: GeoJSON.Feature;
} | null = null;

function graticule(step = 30): GeoJSON.Feature {
  const lines: Ring[] = [];
  for (let lon = -180; lon <= 180; lon += step) {
    const line: Ring = [];
    for (let lat = -80; lat <= 80; lat += 2) line.push([lon, lat]);
    lines.push(line);
  }
  for (let lat = -60; lat <= 60; lat += step) {
    const line: Ring = [];
    for (let lon = -180; lon <= 180; lon += 2) line.push([lon, lat]);
    lines.push(line);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: lines } };
}

/** Country polygons, inner borders and graticule, built once per page. */
export function baseMapData() {
  if (cachedData) return cachedData;
  const countries = feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
  const land: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: countries.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
  };
  // Shared arcs only (a !== b): coastlines are drawn by the land outline, not twice.
  const borders: GeoJSON.Feature = {
    type: 'Feature',
    properties: {},
    geometry: unwrapGeometry(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
  };
  cachedData = { land, borders, graticule: graticule() };
  return cachedData;
}

export function embeddedStyle(theme: Theme): StyleSpecification {
  const colors = MAP_COLORS[theme];
  const data = baseMapData();
  return {
    version: 8,
    name: `morapack-${theme}`,
    // No glyphs or sprite: nothing in the style draws text, so the map never asks a server for fonts.
    sources: {
      land: { type: 'geojson', data: data.land, tolerance: 0.2 },
      borders: { type: 'geojson', data: data.borders, tolerance: 0.2 },
      graticule: { type: 'geojson', data: data.graticule },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        paint: { 'line-color': colors.graticule, 'line-width': 1 },
      },
      {
        id: 'land',
        type: 'fill',
        source: 'land',
        // The coastline layer outlines the land already: no second antialiasing pass.
        paint: { 'fill-color': colors.land, 'fill-antialias': false },
      },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': colors.coastline,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 6, 1.4],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': colors.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1],
          'line-dasharray': [3, 2],
        },
      },
    ],
    sky: {
      'sky-color': colors.water,
      'horizon-color': colors.water,
      'fog-color': colors.water,
      'atmosphere-blend': ['interpolate', ['linear'], ['zoom'], 0, 0.6, 5, 0.3, 7, 0],
    },
  };
}
