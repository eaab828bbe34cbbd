import { atom } from 'jotai';
import type { MapProjection } from './mapConfig';

/** Selection shared by the map, its detail cards and the filter panel's pick lists. */
export const activeAirportAtom = atom<string | null>(null);
export const selectedFlightIdAtom = atom<string | null>(null);
export const selectedOrderKeyAtom = atom<string | null>(null);

/** Mercator or globe; kept while the operator moves between run screens. */
export const projectionAtom = atom<MapProjection>('mercator');
export const toggleProjectionAtom = atom(null, (get, set) =>
  set(projectionAtom, get(projectionAtom) === 'mercator' ? 'globe' : 'mercator'),
);

/**
 * The stream sends the `limit` busiest flights in the air; 'Mostrar todos' asks for every one of them.
 * Kept across run screens, like the projection.
 */
export const showAllFlightsAtom = atom(false);

/** Route lines of every plane on the map, instead of only the hovered, selected or filtered ones. */
export const drawAllRoutesAtom = atom(false);

/** The map's legend, shown or hidden by its 'Leyenda' button (closed at first: the map comes first). */
export const legendOpenAtom = atom(false);
