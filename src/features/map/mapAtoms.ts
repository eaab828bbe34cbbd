import { atom } from 'jotai';

/** Selection shared by the map, its detail cards and the filter panel's pick lists. */
export const activeAirportAtom = atom<string | null>(null);
export const selectedFlightIdAtom = atom<string | null>(null);
export const selectedOrderKeyAtom = atom<string | null>(null);
