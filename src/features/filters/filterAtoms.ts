import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import type { LoadLevel, RunMode } from '../../api/contract';

/** Spec 3: the applied filter object handed to the apply callback. */
export interface AppliedFilters {
  /** simulacion and operacion only. */
  inicio?: Date;
  /** simulacion only. */
  fin?: Date;
  niveles: Record<LoadLevel, boolean>;
  region: string | null;
  ciudad: string | null;
  vuelo: string | null;
  almacen: string | null;
  pedido: string | null;
}

/** Spec 4: disponible on, limitado off, saturado off. */
export const DEFAULT_LEVELS: Record<LoadLevel, boolean> = {
  disponible: true,
  limitado: false,
  saturado: false,
};

export const EMPTY_FILTERS: AppliedFilters = {
  niveles: DEFAULT_LEVELS,
  region: null,
  ciudad: null,
  vuelo: null,
  almacen: null,
  pedido: null,
};

/**
 * The filters last applied on each run screen (keyed by run mode). Until an operator applies
 * anything, the map shows every flight: null means "nothing applied yet".
 */
export const appliedFiltersAtom = atomFamily((_mode: RunMode) => atom<AppliedFilters | null>(null));
