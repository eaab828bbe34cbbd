/**
 * Browser side of `npm run bench -- map`: the app's base style, layers, plane icon, route lines and
 * animator (the same modules FlightMap uses; React does no per-frame work there), fed N synthetic flights
 * by a stand-in stream once a second. Measures animation frame intervals and the per-frame JS cost.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { airportsCollection } from '../src/features/map/airportFeatures';
import { embeddedStyle } from '../src/features/map/baseStyle';
import { FlightAnimator } from '../src/features/map/flightAnimator';
import {
  EMPTY_COLLECTION,
  FLIGHT_LAYERS,
  FLIGHTS_SOURCE_OPTIONS,
  SOURCE,
} from '../src/features/map/flightLayers';
import { INITIAL_VIEW } from '../src/features/map/mapConfig';
import { ensurePlaneIcon } from '../src/features/map/planeIcon';
import { routesCollection } from '../src/features/map/routeLines';
import { advance, SAMPLE_AIRPORTS, syntheticFlights } from '../src/features/map/syntheticFlights';

export interface MapBenchResult {
  flights: number;
  projection: string;
  frames: number;
  frameMs: { median: number; p95: number; mean: number };
  /** animator.frame + source.setData per frame (main-thread JS the map adds per frame). */
  updateMs: { median: number; p95: number };
  loadMs: number;
  heapUsedMB: number | null;
}

declare global {
  interface Window {
    __benchResult?: MapBenchResult;
    __benchError?: string;
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) : 0;
const round = (x: number) => Math.round(x * 100) / 100;

async function run() {
  const params = new URLSearchParams(location.search);
  const n = Number(params.get('n') ?? 500);
  const seconds = Number(params.get('seconds') ?? 8);
  const projection = params.get('projection') === 'globe' ? 'globe' : 'mercator';
  // Ablations: routes=0 leaves the route lines out, planes=0 the planes (to see where frame time goes).
  const withRoutes = params.get('routes') !== '0';
  const withPlanes = params.get('planes') !== '0';
  // repaint=1 repaints every frame with no data change: the renderer's own cost per frame.
  const forceRepaint = params.get('repaint') === '1';
  maplibregl.setWorkerUrl(workerUrl);
  const t0 = performance.now();
  const map = new maplibregl.Map({
    container: 'map',
    style: embeddedStyle('dark'),
    // lon/lat/zoom let a developer look at a given place (e.g. the date line on the globe).
    center: [
      Number(params.get('lon') ?? INITIAL_VIEW.longitude),
      Number(params.get('lat') ?? INITIAL_VIEW.latitude),
    ],
    zoom: Number(params.get('zoom') ?? INITIAL_VIEW.zoom),
    attributionControl: false,
  });
  await new Promise<void>((resolve) => map.once('load', () => resolve()));
  map.setProjection({ type: projection });
  ensurePlaneIcon(map);
  const layers = FLIGHT_LAYERS.dark;
  let flights = syntheticFlights(SAMPLE_AIRPORTS, n, 3);
  map.addSource(SOURCE.routes, {
    type: 'geojson',
    data: withRoutes ? routesCollection(flights) : EMPTY_COLLECTION,
  });
  map.addSource(SOURCE.airports, {
    type: 'geojson',
    data: airportsCollection(SAMPLE_AIRPORTS, undefined, 'dark'),
    promoteId: 'codigo',
  });
  map.addSource(SOURCE.flights, { type: 'geojson', data: EMPTY_COLLECTION, ...FLIGHTS_SOURCE_OPTIONS });
  for (const layer of [
    layers.routes,
    layers.airportSedeRing,
    layers.airportMarkers,
    layers.airportSedeDot,
    layers.planes,
  ])
    map.addLayer(layer);

  const animator = new FlightAnimator();
  animator.setFlights(flights, performance.now());
  const source = map.getSource<maplibregl.GeoJSONSource>(SOURCE.flights);
  if (!source) throw new Error('sin fuente de vuelos');
  await new Promise<void>((resolve) => map.once('idle', () => resolve()));
  const loadMs = performance.now() - t0;

  // Stand-in stream: the list is replaced once a second, as the server's live view does.
  const stream = setInterval(() => {
    flights = advance(flights, 1);
    animator.setFlights(flights, performance.now());
  }, 1000);

  const frameTimes: number[] = [];
  const updateTimes: number[] = [];
  const warmupUntil = performance.now() + 1500;
  const endAt = warmupUntil + seconds * 1000;
  let last = 0;
  await new Promise<void>((resolve) => {
    const tick = (now: number) => {
      const u0 = performance.now();
      if (withPlanes && !animator.idle) source.setData(animator.frame(now));
      if (forceRepaint) map.triggerRepaint();
      const u1 = performance.now();
      if (now > warmupUntil) {
        if (last) frameTimes.push(now - last);
        updateTimes.push(u1 - u0);
      }
      last = now;
      if (now < endAt) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
  clearInterval(stream);
  const sortedFrames = [...frameTimes].sort((a, b) => a - b);
  const sortedUpdates = [...updateTimes].sort((a, b) => a - b);
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  window.__benchResult = {
    flights: n,
    projection,
    frames: frameTimes.length,
    frameMs: {
      median: round(quantile(sortedFrames, 0.5)),
      p95: round(quantile(sortedFrames, 0.95)),
      mean: round(frameTimes.reduce((a, b) => a + b, 0) / Math.max(1, frameTimes.length)),
    },
    updateMs: { median: round(quantile(sortedUpdates, 0.5)), p95: round(quantile(sortedUpdates, 0.95)) },
    loadMs: Math.round(loadMs),
    heapUsedMB: memory ? round(memory.usedJSHeapSize / 1048576) : null,
  };
}

run().catch((error: unknown) => {
  window.__benchError = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
});
