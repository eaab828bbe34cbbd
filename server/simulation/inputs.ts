import type { GrowthLawDto, RunMode, StartRunPayload } from '../../contract';
import { DAY_MIN, MAX_YEAR, MIN_YEAR, MINUTE_MS } from '../../contract/time';
import type { Database } from '../db/client';
import { isoToEpochMin } from '../domain/convert';
import { ApiError } from '../domain/errors';
import type { PlanOrder } from '../planner/types';
import { orderRange } from '../services/orders';
import { demandProfile } from './growth';
import { defaultGrowthLaw, type SimulationOptions } from './options';
import type { RunInputs } from './run/runtime';
import { networkOf, ordersOf, pinCurrent, type RunVersions } from './versions';

// release_min is an int4 column: an open upper bound must fit it.
const INT4_MAX = 2_147_483_647;

const noOrders = () =>
  new ApiError(409, 'SIN_PEDIDOS', 'No hay pedidos cargados: carga un archivo de pedidos');
const invalid = (field: string, message: string) =>
  new ApiError(400, 'VALIDACION', message, [{ field, message }]);

/** What a start request resolves to, before anything is stored. */
export interface StartPlan {
  modo: RunMode;
  inicioMin: number;
  finMin: number | null;
  /** Simulated seconds per real second; null = max. */
  velocidad: number | null;
  crecimiento: GrowthLawDto | null;
}

function parseIso(iso: string, field: string): number {
  let min: number;
  try {
    min = isoToEpochMin(iso);
  } catch {
    throw invalid(field, `${field}: '${iso}' no es una fecha ISO 8601 válida`);
  }
  const year = new Date(min * MINUTE_MS).getUTCFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR)
    throw invalid(field, `${field}: '${iso}' está fuera del rango admitido (años ${MIN_YEAR} a ${MAX_YEAR})`);
  return min;
}

/**
 * Defaults of a start: semanal and colapso begin at the first loaded order (not the midnight before it);
 * a week ends 7 days later or at the last loaded order if sooner; semanal plays at a week an hour,
 * colapso at maximum speed, operacion in real time.
 */
export async function planStart(
  db: Database,
  payload: StartRunPayload,
  wallMs: number,
  opts: SimulationOptions,
): Promise<StartPlan> {
  const modo = payload.modo;
  const range = modo === 'operacion' && payload.inicio !== undefined ? null : await orderRange(db);
  let inicioMin: number;
  if (payload.inicio !== undefined) inicioMin = parseIso(payload.inicio, 'inicio');
  else if (modo === 'operacion') inicioMin = Math.floor(wallMs / MINUTE_MS);
  else if (!range) throw noOrders();
  else inicioMin = range.fromMin;
  let finMin: number | null = null;
  if (modo === 'semanal') {
    if (payload.fin !== undefined) finMin = parseIso(payload.fin, 'fin');
    else {
      finMin = inicioMin + opts.defaultWeekMin;
      // The last loaded order is planned too: the window is half-open.
      if (range && range.toMin + 1 > inicioMin && range.toMin + 1 < finMin) finMin = range.toMin + 1;
    }
    if (finMin <= inicioMin) throw invalid('fin', 'La fecha de fin debe ser posterior a la de inicio');
  }
  let velocidad: number | null;
  if (modo === 'operacion') velocidad = 1;
  else if (payload.velocidad === 'max') velocidad = null;
  else if (payload.velocidad !== undefined) velocidad = payload.velocidad;
  else velocidad = modo === 'colapso' ? null : opts.defaultSpeed;
  const crecimiento = modo === 'colapso' ? (payload.crecimiento ?? defaultGrowthLaw(opts.growth)) : null;
  return { modo, inicioMin, finMin, velocidad, crecimiento };
}

/** A daily-operation run plans the orders released from this minute on (and every one it gets live). */
export const operationWindowStart = (inicioMin: number, opts: SimulationOptions): number =>
  inicioMin - opts.operationLookbackMin;

const toPlanOrder = (o: PlanOrder): PlanOrder => ({
  key: o.key,
  destination: o.destination,
  releaseMin: o.releaseMin,
  quantity: o.quantity,
});

/**
 * The network and the orders a run plans (colapso: plus the demand profile its growth copies): for a new
 * run (no `entradas`) the data loaded now, and the versions it is to record; for a stored run exactly
 * the data it ran on (`entradas`; null for runs stored before runs recorded it).
 */
export async function loadInputs(
  db: Database,
  run: {
    modo: RunMode;
    inicioMin: number;
    finMin: number | null;
    semilla: number;
    crecimiento: GrowthLawDto | null;
    entradas?: RunVersions | null;
  },
  sedes: string[],
  opts: SimulationOptions,
): Promise<RunInputs & { versions: RunVersions }> {
  const net =
    run.entradas === undefined
      ? { ...(await pinCurrent(db)), shifts: new Map() }
      : await networkOf(db, run.entradas);
  if (net.airports.length === 0 || net.flights.length === 0)
    throw new ApiError(409, 'SIN_RED', 'Carga primero los archivos de aeropuertos y de vuelos');
  const upToId = run.entradas === null ? null : net.versions.pedidosHasta;
  const load = async (from: number, to: number) =>
    (await ordersOf(db, from, to, upToId, net.shifts)).map(toPlanOrder);
  const base = {
    airports: net.airports,
    flights: net.flights,
    plannerParams: { sedes },
    options: opts,
    versions: net.versions,
  };
  if (run.modo === 'semanal') return { ...base, orders: await load(run.inicioMin, run.finMin!) };
  if (run.modo === 'operacion') {
    // Every stored order of its window, whatever its id: those stored after the run began reached it
    // live, and their events (when stored) take their place in a replay.
    const orders = await ordersOf(db, operationWindowStart(run.inicioMin, opts), INT4_MAX, null, net.shifts);
    return { ...base, orders: orders.map(toPlanOrder) };
  }
  const range = await orderRange(db, upToId);
  if (!range) throw noOrders();
  const orders = await load(run.inicioMin, range.toMin + 1);
  // The growth copies the mix of the last loaded week (already in hand when the run starts before it).
  const sampleFrom = range.toMin - 7 * DAY_MIN + 1;
  const profile = demandProfile(
    run.inicioMin <= sampleFrom
      ? orders.filter((o) => o.releaseMin >= sampleFrom)
      : await load(sampleFrom, range.toMin + 1),
  );
  if (!profile) throw noOrders();
  const startDay = Math.max(Math.floor(range.toMin / DAY_MIN) + 1, Math.floor(run.inicioMin / DAY_MIN));
  return {
    ...base,
    orders,
    growth: {
      profile,
      startDay,
      law: run.crecimiento ?? defaultGrowthLaw(opts.growth),
      seed: run.semilla,
      maxDays: opts.growth.maxDays,
    },
  };
}
