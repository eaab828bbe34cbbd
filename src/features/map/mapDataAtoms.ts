import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { RunMode } from '../../../contract';
import { fetchWarehouseContents } from '../../api/exceptions';
import { fetchFlightDetail, fetchOrderDetail, fetchWarehouses } from '../../api/map';
import { selectedFlightIdAtom, selectedOrderKeyAtom } from './mapAtoms';

/** Server data the map shows. Query keys are built here from the selection atoms. */

/** Warehouse occupancy of the run of a mode (refreshed while the screen is open; absent when no run). */
export const warehousesQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery(() => ({
    queryKey: ['almacenes', mode] as const,
    queryFn: ({ signal }) => fetchWarehouses(mode, signal),
    refetchInterval: 15_000,
    retry: false,
  })),
);

/** What waits in one warehouse, by 'mode|code|page' (a string, so the family finds the same atom again). */
export const warehouseContentsQueryAtom = atomFamily((id: string) =>
  atomWithQuery(() => {
    const [mode, code, page] = id.split('|') as [RunMode, string, string];
    return {
      queryKey: ['almacen', mode, code, Number(page)] as const,
      queryFn: ({ signal }) => fetchWarehouseContents(code, mode, Number(page), signal),
      refetchInterval: 15_000,
      retry: false,
    };
  }),
);

export const flightDetailQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery((get) => {
    const id = get(selectedFlightIdAtom);
    return {
      queryKey: ['vuelo', mode, id] as const,
      queryFn: ({ signal }) => fetchFlightDetail(id as string, mode, signal),
      enabled: id !== null,
      retry: false,
    };
  }),
);

export const orderDetailQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery((get) => {
    const key = get(selectedOrderKeyAtom);
    return {
      queryKey: ['pedido', mode, key] as const,
      queryFn: ({ signal }) => fetchOrderDetail(key as string, mode, signal),
      enabled: key !== null,
      retry: false,
    };
  }),
);

/** The airport under the pointer (map-local; the label and the marker's red state follow it). */
export const hoveredAirportAtom = atom<string | null>(null);
