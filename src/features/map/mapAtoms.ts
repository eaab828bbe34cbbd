import { atom } from 'jotai';
import type { MapProjection } from './mapConfig';

/** Selection shared by the map, its detail cards and the filter panel's pick lists. */
export const activeAirportAtom = atom<string | null>(null);
export const selectedFlightIdAtom = atom<string | null>(null);
export const selectedOrderKeyAtom = atom<string | null>(null);

/** Spec 2: Mercator or globe; kept while the operator moves between run screens. */
export const projectionAtom = atom<MapProjection>('mercator');
export const toggleProjectionAtom = atom(null, (get, set) =>
  set(projectionAtom, get(projectionAtom) === 'mercator' ? 'globe' : 'mercator'),
);
