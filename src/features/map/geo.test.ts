import { describe, expect, it } from 'vitest';
import { parseAirports } from '../../api/airports';
import { airportDisplayName } from './airportName';
import { FlightAnimator } from './flightAnimator';
import { bearing, greatCircle, headingAt, pointAt, splitAtDateLine, unwrapLongitudes } from './geo';
import { ROUTE_SAMPLES, zoomLimits } from './mapConfig';
import { routeParts, routesCollection } from './routeLines';

const LIMA = [-77.11, -12.02] as const;
const MADRID = [-3.56, 40.47] as const;
const TOKYO = [139.78, 35.55] as const;
const LOS_ANGELES = [-118.41, 33.94] as const;

const gcOf = (a: readonly [number, number], b: readonly [number, number]) =>
  greatCircle(a[0], a[1], b[0], b[1]);

describe('great-circle placement', () => {
  it('puts progress 0 at the origin and 1 at the destination', () => {
    const gc = gcOf(LIMA, MADRID);
    const [lon0, lat0] = pointAt(gc, 0);
    const [lon1, lat1] = pointAt(gc, 1);
    expect(lon0).toBeCloseTo(LIMA[0], 6);
    expect(lat0).toBeCloseTo(LIMA[1], 6);
    expect(lon1).toBeCloseTo(MADRID[0], 6);
    expect(lat1).toBeCloseTo(MADRID[1], 6);
  });

  it('follows the great circle, not the straight Mercator line (Tokyo to Los Angeles bows north)', () => {
    const [, midLat] = pointAt(gcOf(TOKYO, LOS_ANGELES), 0.5);
    // The straight line would stay near 35°N; the great circle passes near the Aleutians.
    expect(midLat).toBeGreaterThan(45);
  });

  it('along the equator, progress is a share of the longitude span', () => {
    const [lon, lat] = pointAt(greatCircle(0, 0, 90, 0), 0.25);
    expect(lon).toBeCloseTo(22.5, 6);
    expect(lat).toBeCloseTo(0, 6);
  });

  it('heads the plane along the route: east on the equator, north on a meridian', () => {
    expect(headingAt(greatCircle(0, 0, 90, 0), 0.5)).toBeCloseTo(90, 3);
    expect(headingAt(greatCircle(10, -20, 10, 20), 0.3)).toBeCloseTo(0, 3);
    expect(bearing(10, 20, 10, -20)).toBeCloseTo(180, 6);
  });
});

describe('date line handling', () => {
  it('unwraps rings that jump across 180° so no edge spans the map', () => {
    const ring = unwrapLongitudes([
      [179, 10],
      [-179, 10],
      [-179, 12],
      [179, 12],
    ]);
    expect(ring.map((p) => p[0])).toEqual([179, 181, 181, 179]);
  });

  it('splits a sampled route at the date line, both halves touching ±180', () => {
    const parts = splitAtDateLine([
      [170, 0],
      [178, 1],
      [-178, 2],
      [-170, 3],
    ]);
    expect(parts).toHaveLength(2);
    expect(parts[0]?.at(-1)?.[0]).toBe(180);
    expect(parts[1]?.[0]?.[0]).toBe(-180);
    expect(parts[0]?.at(-1)?.[1]).toBeCloseTo(1.5, 6);
  });

  it('samples routes at 512 points and never draws a segment longer than half the world', () => {
    const parts = routeParts(TOKYO[0], TOKYO[1], LOS_ANGELES[0], LOS_ANGELES[1]);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const points = parts.reduce((n, part) => n + part.length, 0);
    expect(points).toBeGreaterThanOrEqual(ROUTE_SAMPLES);
    for (const part of parts)
      for (let i = 1; i < part.length; i++)
        expect(Math.abs((part[i]?.[0] ?? 0) - (part[i - 1]?.[0] ?? 0))).toBeLessThan(180);
    const single = routeParts(LIMA[0], LIMA[1], MADRID[0], MADRID[1]);
    expect(single).toHaveLength(1);
    expect(single[0]).toHaveLength(ROUTE_SAMPLES);
  });
});

describe('route lines', () => {
  it('draws each route and colour once however many flights share it', () => {
    const base = { originLon: 0, originLat: 0, destLon: 30, destLat: 10, progress: 0.5 };
    const routes = routesCollection([
      { ...base, id: 'a', pathColor: '#22c55e' },
      { ...base, id: 'b', pathColor: '#22c55e' },
      { ...base, id: 'c', pathColor: '#ef4444' },
      { ...base, id: 'd', destLon: 40 },
    ]);
    expect(routes.features.map((f) => f.properties?.id)).toEqual(['a', 'c', 'd']);
  });
});

describe('plane animation between messages', () => {
  const flight = (progress: number) => ({
    id: 'F1',
    originLon: 0,
    originLat: 0,
    destLon: 90,
    destLat: 0,
    progress,
  });

  it('glides from the drawn position to the new one over the interval between messages', () => {
    const animator = new FlightAnimator();
    animator.setFlights([flight(0.2)], 0);
    expect(animator.frame(0).features[0]?.geometry.coordinates[0]).toBeCloseTo(18, 6);
    animator.setFlights([flight(0.3)], 1000);
    // Halfway through the measured one-second interval: halfway between 0.2 and 0.3.
    expect(animator.frame(1500).features[0]?.geometry.coordinates[0]).toBeCloseTo(22.5, 6);
    expect(animator.idle).toBe(false);
    expect(animator.frame(2000).features[0]?.geometry.coordinates[0]).toBeCloseTo(27, 6);
    expect(animator.idle).toBe(true);
  });

  it('snaps instead of flying backwards when a flight restarts', () => {
    const animator = new FlightAnimator();
    animator.setFlights([flight(0.9)], 0);
    animator.setFlights([flight(0.05)], 1000);
    expect(animator.frame(1000).features[0]?.geometry.coordinates[0]).toBeCloseTo(4.5, 6);
  });

  it('shows only the flights the filter keeps, and marks the selected one', () => {
    const animator = new FlightAnimator();
    animator.setFlights(
      [
        { ...flight(0.1), id: 'A', nivel: 'disponible' as const },
        { ...flight(0.1), id: 'B', nivel: 'saturado' as const, codigo: 'AX101' },
      ],
      0,
    );
    animator.setFilter((f) => f.nivel !== 'disponible');
    animator.setSelected('AX101');
    const features = animator.frame(0).features;
    expect(features.map((f) => f.properties.id)).toEqual(['B']);
    expect(features[0]?.properties.selected).toBe(true);
  });
});

describe('airports', () => {
  it('drops records failing the shape and names them city (code) or code', () => {
    const airports = parseAirports([
      { codigo: 'SPIM', ciudad: 'Lima', lon: -77.1, lat: -12, sede: true },
      { codigo: 'XXXX', lon: '1', lat: 2 },
      { ciudad: 'Sin código', lon: 1, lat: 2 },
      { codigo: 'EBCI', lon: 4.45, lat: 50.46 },
      null,
    ]);
    expect(airports.map((a) => a.codigo)).toEqual(['SPIM', 'EBCI']);
    expect(airports.map(airportDisplayName)).toEqual(['Lima (SPIM)', 'EBCI']);
    expect(parseAirports({ not: 'a list' })).toEqual([]);
  });

  it('uses the spec zoom limits per projection and device', () => {
    expect(zoomLimits('mercator', false)).toEqual({ minZoom: 1.6, maxZoom: 22 });
    expect(zoomLimits('mercator', true)).toEqual({ minZoom: 0.5, maxZoom: 18 });
    expect(zoomLimits('globe', false)).toEqual({ minZoom: 2.4, maxZoom: 22 });
    expect(zoomLimits('globe', true)).toEqual({ minZoom: 1.4, maxZoom: 18 });
  });
});

describe('the network a phone fits in its first view', () => {
  it('spans every airport', async () => {
    const { networkBounds } = await import('./mapConfig');
    expect(
      networkBounds([
        { lon: LIMA[0], lat: LIMA[1] },
        { lon: MADRID[0], lat: MADRID[1] },
        { lon: TOKYO[0], lat: TOKYO[1] },
      ]),
    ).toEqual([
      [LIMA[0], LIMA[1]],
      [TOKYO[0], MADRID[1]],
    ]);
  });
});
