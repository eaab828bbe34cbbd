import type { RunSeriesDto, WarehouseSeriesDto } from '../../contract';
import { MINUTE_MS } from '../../contract/time';
import { airports } from '../db/schema';
import { ApiError } from '../domain/errors';
import type { SimulationOptions } from './options';
import type { RunRegistry } from './registry';
import type { RunRow } from './store';

/** A run's stored row: the live one for a current run (its state and report are newest there). */
export async function runRow(runs: RunRegistry, id: string): Promise<RunRow> {
  const row = runs.byId(id)?.row ?? (await runs.store.get(id));
  if (!row) throw new ApiError(404, 'NO_ENCONTRADO', `La simulación ${id} no existe`);
  return row;
}

/**
 * GET /api/simulaciones/:id/serie: the run's hourly history from storage, so a finished or reopened
 * run draws the same charts as while it played. Airport names and capacities come from the loaded
 * network (the samples keep only each warehouse's load).
 */
export async function runSeries(
  runs: RunRegistry,
  levels: SimulationOptions['levels'],
  id: string,
  aeropuerto?: string,
): Promise<RunSeriesDto> {
  const row = await runRow(runs, id);
  const samples = await runs.store.samples(id);
  const known = await runs.store.db.orm
    .select({ code: airports.code, city: airports.city, capacity: airports.capacity })
    .from(airports);
  const info = new Map(known.map((a) => [a.code, a]));
  const codes = new Set<string>();
  for (const s of samples) for (const code of Object.keys(s.almacenes)) codes.add(code);
  if (samples.length === 0) for (const a of known) codes.add(a.code);
  let list = [...codes].sort();
  if (aeropuerto !== undefined) {
    const code = aeropuerto.toUpperCase();
    if (!codes.has(code))
      throw new ApiError(404, 'NO_ENCONTRADO', `El aeropuerto ${code} no está en la red de esta simulación`);
    list = [code];
  }
  const almacenes: WarehouseSeriesDto[] = list.map((codigo) => {
    const a = info.get(codigo);
    return {
      codigo,
      nombre: a?.city ? `${a.city} (${codigo})` : codigo,
      capacidad: a?.capacity ?? 0,
      ocupacion: samples.map((s) => s.almacenes[codigo] ?? 0),
    };
  });
  const colapso = row.reporte ? Date.parse(row.reporte.fecha) : null;
  return {
    estado: row.estado,
    inicio: row.inicioMin * MINUTE_MS,
    fin: row.finMin === null ? null : row.finMin * MINUTE_MS,
    t: samples.map((s) => s.tMs),
    aTiempoPct: samples.map((s) => s.aTiempoPct),
    pedidosEnTransito: samples.map((s) => s.enTransito),
    productosEnVuelo: samples.map((s) => s.enVuelo),
    almacenes,
    colapso: colapso !== null && Number.isFinite(colapso) ? colapso : null,
    umbrales: { limitado: levels.limited, saturado: levels.saturated },
  };
}
