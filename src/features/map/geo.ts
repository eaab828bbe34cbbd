/**
 * Spherical helpers for the live map. Plane positions are computed every animation frame for thousands
 * of flights, so they use closed-form slerp (no allocation per call beyond the result) instead of
 * building a sampled route; the drawn route lines use @turf/great-circle (see routeLines.ts).
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface GreatCircle {
  /** Unit vectors of the endpoints and the central angle between them. */
  ax: number;
  ay: number;
  az: number;
  bx: number;
  by: number;
  bz: number;
  omega: number;
  sinOmega: number;
}

export function greatCircle(lon1: number, lat1: number, lon2: number, lat2: number): GreatCircle {
  const p1 = lat1 * RAD;
  const l1 = lon1 * RAD;
  const p2 = lat2 * RAD;
  const l2 = lon2 * RAD;
  const ax = Math.cos(p1) * Math.cos(l1);
  const ay = Math.cos(p1) * Math.sin(l1);
  const az = Math.sin(p1);
  const bx = Math.cos(p2) * Math.cos(l2);
  const by = Math.cos(p2) * Math.sin(l2);
  const bz = Math.sin(p2);
  const dot = Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz));
  const omega = Math.acos(dot);
  return { ax, ay, az, bx, by, bz, omega, sinOmega: Math.sin(omega) };
}

/** Point at fraction t (0..1) along the great circle: [lon, lat] in degrees, lon in [-180, 180]. */
export function pointAt(gc: GreatCircle, t: number): [number, number] {
  const f = Math.min(1, Math.max(0, t));
  let x: number;
  let y: number;
  let z: number;
  if (gc.sinOmega < 1e-9) {
    // Same airport (or antipodes, which have no unique route): stay on the origin.
    x = gc.ax;
    y = gc.ay;
    z = gc.az;
  } else {
    const a = Math.sin((1 - f) * gc.omega) / gc.sinOmega;
    const b = Math.sin(f * gc.omega) / gc.sinOmega;
    x = a * gc.ax + b * gc.bx;
    y = a * gc.ay + b * gc.by;
    z = a * gc.az + b * gc.bz;
  }
  return [Math.atan2(y, x) * DEG, Math.atan2(z, Math.sqrt(x * x + y * y)) * DEG];
}

/** Initial bearing from one point to another, degrees clockwise from north in [0, 360). */
export function bearing(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return (Math.atan2(y, x) * DEG + 360) % 360;
}

/** Heading of a plane at fraction t along the great circle (the route's local bearing there). */
export function headingAt(gc: GreatCircle, t: number): number {
  const here = pointAt(gc, t);
  // Look a little ahead; at the very end look back and keep the same direction.
  const step = 1e-3;
  if (t + step <= 1) {
    const next = pointAt(gc, t + step);
    return bearing(here[0], here[1], next[0], next[1]);
  }
  const prev = pointAt(gc, t - step);
  return bearing(prev[0], prev[1], here[0], here[1]);
}

/**
 * Unwraps a ring or line so consecutive longitudes never jump by more than 180° (world-atlas rings
 * jump from 180 to -180 at the date line, which MapLibre draws as a band across the whole map).
 */
export function unwrapLongitudes(coords: readonly (readonly number[])[]): [number, number][] {
  const out: [number, number][] = [];
  let offset = 0;
  let prev: number | null = null;
  for (const c of coords) {
    const lon = c[0] as number;
    const lat = c[1] as number;
    if (prev !== null) {
      const delta = lon + offset - prev;
      if (delta > 180) offset -= 360;
      else if (delta < -180) offset += 360;
    }
    const unwrapped = lon + offset;
    out.push([unwrapped, lat]);
    prev = unwrapped;
  }
  return out;
}

/** Splits a line of [lon, lat] points (lon in [-180, 180]) where it crosses the date line. */
export function splitAtDateLine(points: readonly [number, number][]): [number, number][][] {
  const parts: [number, number][][] = [];
  let current: [number, number][] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as [number, number];
    const prev = points[i - 1];
    if (prev && Math.abs(p[0] - prev[0]) > 180) {
      // Interpolate the crossing latitude so both halves meet the edge of the map.
      const east = prev[0] > 0;
      const lonPrev = prev[0];
      const lonNext = east ? p[0] + 360 : p[0] - 360;
      const edge = east ? 180 : -180;
      const f = (edge - lonPrev) / (lonNext - lonPrev);
      const lat = prev[1] + f * (p[1] - prev[1]);
      current.push([edge, lat]);
      parts.push(current);
      current = [[-edge, lat]];
    }
    current.push(p);
  }
  if (current.length > 1) parts.push(current);
  return parts;
}
