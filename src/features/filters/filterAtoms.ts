import type { CalendarDateTime } from '@internationalized/date';
import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import type { AirportDto, LoadLevel, RunMode } from '../../../contract';
import { airportsQueryAtom } from '../../api/airports';
import { MODE_OF_SEGMENT, SEGMENT_OF_MODE } from '../shell/navigation';

/** The applied filter object handed to the apply callback. */
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

/** Disponible on, limitado off, saturado off. */
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

// ---------- the panel's editing state ----------

/** The panel's three variants. */
export const PANEL_VARIANTS = ['simulacion', 'operacion', 'colapso'] as const;
export type PanelVariant = (typeof PANEL_VARIANTS)[number];

/** A variant is its screen's path segment. */
export const MODE_OF_VARIANT: Record<PanelVariant, RunMode> = MODE_OF_SEGMENT;
export const VARIANT_OF_MODE: Record<RunMode, PanelVariant> = SEGMENT_OF_MODE;

/** Which date fields a variant shows (and requires before Aplicar). */
export const VARIANT_DATES: Record<PanelVariant, { inicio: boolean; fin: boolean }> = {
  simulacion: { inicio: true, fin: true },
  operacion: { inicio: true, fin: false },
  colapso: { inicio: false, fin: false },
};

/** "Todas": a real value, because a select item cannot have an empty value. */
export const ALL = 'todas';

/** What the panel shows before it is applied. Dates are wall-clock UTC (operations run on UTC). */
export interface FilterDraft {
  inicio: CalendarDateTime | null;
  fin: CalendarDateTime | null;
  niveles: Record<LoadLevel, boolean>;
  region: string;
  ciudad: string;
  vuelo: string | null;
  almacen: string | null;
  pedido: string | null;
  masFiltros: boolean;
}

export const EMPTY_DRAFT: FilterDraft = {
  inicio: null,
  fin: null,
  niveles: DEFAULT_LEVELS,
  region: ALL,
  ciudad: ALL,
  vuelo: null,
  almacen: null,
  pedido: null,
  masFiltros: false,
};

/** One editing state per screen: leaving a screen and coming back keeps what was typed. */
export const draftFiltersAtom = atomFamily((_mode: RunMode) => atom<FilterDraft>(EMPTY_DRAFT));

/** Limpiar clears dates, region, city and the picks and restores the level defaults. */
export const clearedDraft = (draft: FilterDraft): FilterDraft => ({
  ...EMPTY_DRAFT,
  masFiltros: draft.masFiltros,
});

/** Aplicar needs inicio (simulacion, operacion) and fin (simulacion). */
export function canApply(variant: PanelVariant, draft: FilterDraft): boolean {
  const need = VARIANT_DATES[variant];
  return (!need.inicio || draft.inicio !== null) && (!need.fin || draft.fin !== null);
}

export function toAppliedFilters(variant: PanelVariant, draft: FilterDraft): AppliedFilters {
  const need = VARIANT_DATES[variant];
  const applied: AppliedFilters = {
    niveles: { ...draft.niveles },
    region: draft.region === ALL ? null : draft.region,
    ciudad: draft.ciudad === ALL ? null : draft.ciudad,
    vuelo: draft.vuelo,
    almacen: draft.almacen,
    pedido: draft.pedido,
  };
  if (need.inicio && draft.inicio) applied.inicio = draft.inicio.toDate('UTC');
  if (need.fin && draft.fin) applied.fin = draft.fin.toDate('UTC');
  return applied;
}

// ---------- region / city predicate shared with the map ----------

/** Region and city values are folded names: lower case, no accents ('Amazónica' → 'amazonica'). */
export const foldName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

export function airportMatches(airport: AirportDto, region: string | null, ciudad: string | null): boolean {
  if (region && foldName(airport.continente ?? '') !== region) return false;
  if (ciudad && foldName(airport.ciudad ?? '') !== ciudad) return false;
  return true;
}

/**
 * Airports the applied region/city filters leave on the map; null when they filter nothing. A flight
 * stays visible when its origin or destination is in the set (see flightVisible).
 */
export const visibleAirportCodesAtom = atomFamily((mode: RunMode) =>
  atom((get): ReadonlySet<string> | null => {
    const applied = get(appliedFiltersAtom(mode));
    if (!applied || (!applied.region && !applied.ciudad)) return null;
    const codes = new Set<string>();
    for (const a of get(airportsQueryAtom).data ?? [])
      if (airportMatches(a, applied.region, applied.ciudad)) codes.add(a.codigo);
    return codes;
  }),
);

export const flightVisible = (
  codes: ReadonlySet<string> | null,
  origen?: string,
  destino?: string,
): boolean =>
  !codes || (origen !== undefined && codes.has(origen)) || (destino !== undefined && codes.has(destino));
