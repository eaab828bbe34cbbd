import type { LiveFlightDto } from '../../../contract';
import { mapAnimationHeld } from './animationHold';
import { type GreatCircle, greatCircle, headingAt, pointAt } from './geo';

/**
 * Moves the planes between stream messages, outside React. Each message gives every flight a target
 * progress; each animation frame eases every plane from where it was drawn toward that target over the
 * measured interval between messages, so planes glide instead of jumping once a second.
 */

interface Entry {
  flight: LiveFlightDto;
  gc: GreatCircle;
  from: number;
  to: number;
  feature: GeoJSON.Feature<GeoJSON.Point, PlaneProperties>;
}

export interface PlaneProperties {
  id: string;
  bearing: number;
  selected: boolean;
  planeColor?: string;
  nivel?: string;
}

const MIN_INTERVAL_MS = 250;
const MAX_INTERVAL_MS = 5_000;
const DEFAULT_INTERVAL_MS = 1_000;
/** A jump bigger than this is a new leg or a resync, not motion: snap instead of gliding backwards. */
const SNAP_DELTA = 0.25;

export class FlightAnimator {
  private entries = new Map<string, Entry>();
  private visible: Entry[] = [];
  private collection: GeoJSON.FeatureCollection<GeoJSON.Point, PlaneProperties> = {
    type: 'FeatureCollection',
    features: [],
  };
  private startedAt = 0;
  private intervalMs = DEFAULT_INTERVAL_MS;
  private lastMessageAt: number | null = null;
  private filter: (flight: LiveFlightDto) => boolean = () => true;
  private selectedId: string | null = null;
  private settled = false;

  /** Replaces the flight list (one stream message). `now` is performance.now(). */
  setFlights(flights: readonly LiveFlightDto[], now: number) {
    if (this.lastMessageAt !== null) {
      const gap = now - this.lastMessageAt;
      if (gap > 0) this.intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, gap));
    }
    this.lastMessageAt = now;
    const next = new Map<string, Entry>();
    for (const flight of flights) {
      const old = this.entries.get(flight.id);
      const sameRoute =
        old &&
        old.flight.originLon === flight.originLon &&
        old.flight.originLat === flight.originLat &&
        old.flight.destLon === flight.destLon &&
        old.flight.destLat === flight.destLat;
      if (old && sameRoute) {
        const current = this.progressOf(old, now);
        const snap = Math.abs(flight.progress - current) > SNAP_DELTA || flight.progress < current - 1e-6;
        old.from = snap ? flight.progress : current;
        old.to = flight.progress;
        old.flight = flight;
        next.set(flight.id, old);
      } else {
        const gc = greatCircle(flight.originLon, flight.originLat, flight.destLon, flight.destLat);
        next.set(flight.id, {
          flight,
          gc,
          from: flight.progress,
          to: flight.progress,
          feature: {
            type: 'Feature',
            properties: { id: flight.id, bearing: 0, selected: false },
            geometry: { type: 'Point', coordinates: [0, 0] },
          },
        });
      }
    }
    this.entries = next;
    this.startedAt = now;
    this.refreshVisible();
  }

  setFilter(filter: (flight: LiveFlightDto) => boolean) {
    this.filter = filter;
    this.refreshVisible();
  }

  setSelected(id: string | null) {
    this.selectedId = id;
    this.refreshVisible();
  }

  /** Forces the next frame to hand data to the map (after the map lost it, e.g. a style reload). */
  invalidate() {
    this.settled = false;
  }

  get size() {
    return this.visible.length;
  }

  /** True when nothing moved since the last frame: the caller may skip handing data to the map. */
  get idle() {
    return this.settled;
  }

  /** Positions of every visible plane at time `now`. The returned collection is reused between frames. */
  frame(now: number): GeoJSON.FeatureCollection<GeoJSON.Point, PlaneProperties> {
    const t = Math.min(1, (now - this.startedAt) / this.intervalMs);
    for (const entry of this.visible) {
      const progress = entry.from + (entry.to - entry.from) * t;
      const [lon, lat] = pointAt(entry.gc, progress);
      const coords = entry.feature.geometry.coordinates;
      coords[0] = lon;
      coords[1] = lat;
      entry.feature.properties.bearing = headingAt(entry.gc, progress);
    }
    this.settled = t >= 1;
    return this.collection;
  }

  private progressOf(entry: Entry, now: number) {
    const t = Math.min(1, Math.max(0, (now - this.startedAt) / this.intervalMs));
    return entry.from + (entry.to - entry.from) * t;
  }

  private refreshVisible() {
    this.visible = [];
    for (const entry of this.entries.values()) {
      if (!this.filter(entry.flight)) continue;
      const p = entry.feature.properties;
      p.selected =
        this.selectedId !== null &&
        (entry.flight.id === this.selectedId || entry.flight.codigo === this.selectedId);
      if (entry.flight.planeColor) p.planeColor = entry.flight.planeColor;
      else delete p.planeColor;
      if (entry.flight.nivel) p.nivel = entry.flight.nivel;
      else delete p.nivel;
      this.visible.push(entry);
    }
    this.collection = { type: 'FeatureCollection', features: this.visible.map((e) => e.feature) };
    this.settled = false;
  }
}

/** Minimal map surface the loop needs (a MapLibre map, or a stand-in in tests). */
export interface FlightsSink {
  /** False when the map cannot take the data yet (source not added): the frame is retried. */
  setFlightsData(data: GeoJSON.FeatureCollection): boolean;
  /** Called every frame before the planes (e.g. to hand over route lines still pending). */
  beforeFrame?(): void;
}

/** Runs the animator at animation-frame rate until stopped. */
export function runAnimationLoop(animator: FlightAnimator, sink: FlightsSink): () => void {
  let handle = 0;
  let running = true;
  const tick = (now: number) => {
    if (!running) return;
    sink.beforeFrame?.();
    if (!animator.idle && !mapAnimationHeld() && !sink.setFlightsData(animator.frame(now)))
      animator.invalidate();
    handle = requestAnimationFrame(tick);
  };
  handle = requestAnimationFrame(tick);
  return () => {
    running = false;
    cancelAnimationFrame(handle);
  };
}
