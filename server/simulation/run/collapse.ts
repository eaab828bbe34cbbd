import type { BusyFlightDto, CollapseReportDto } from '../../../contract';
import { DAY_MIN, MINUTE_MS } from '../../../contract/time';
import { epochMinToIso } from '../../domain/convert';
import type { OrderOutcome } from '../../planner/types';
import { busyFlight, cityLabel, parseInstanceId, warehouseDto } from '../wire';
import type { RunRuntime } from './runtime';

/** Full flights named in a report (the planner may list many more). */
const REPORT_FLIGHTS = 20;

const stamp = (min: number) => {
  const d = new Date(min * MINUTE_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} UTC`;
};

/**
 * The collapse report: the first order that cannot be on time, what blocks it (warehouse by city and code,
 * flights by name with local and UTC times) and the KPIs at that instant. The planner's cause may name a
 * moment after the collapse (a warehouse its bookings will fill); the text only states what is true at
 * the collapse instant, and "since when" comes from the run's own samples (at or before it).
 */
export function collapseReport(rt: RunRuntime, out: OrderOutcome, atMin: number): CollapseReportDto {
  const v = rt.view;
  const cause = out.cause;
  const tipo = cause?.kind ?? 'no-route';
  const vuelos: BusyFlightDto[] = [];
  for (const id of cause?.flights ?? []) {
    if (vuelos.length >= REPORT_FLIGHTS) break;
    const inst = parseInstanceId(id);
    const i = inst ? v.flightIndex.get(inst.flightId) : undefined;
    if (inst && i !== undefined)
      vuelos.push(busyFlight(v, i, inst.depMin, rt.flightLoad(inst.flightId, inst.depMin)));
  }
  let almacen: CollapseReportDto['almacen'] = null;
  const dest = cityLabel(v, out.destination);
  let causa: string;
  if (tipo === 'warehouse' && cause?.airport && v.airportIndex.has(cause.airport)) {
    const a = v.airports[v.airportIndex.get(cause.airport)!];
    const w = warehouseDto(a, rt.warehouseLoad(a.code, atMin), rt.opts.levels);
    const since = rt.usage.saturatedFrom(a.code);
    almacen = { ...w, desde: epochMinToIso(since ?? atMin) };
    causa =
      `El almacén de ${cityLabel(v, a.code)} no tiene espacio (${a.capacity} productos) para cuando llegarían ` +
      `los productos del pedido ${out.key}: lo ya planificado lo llena y no queda ruta a ${dest} a tiempo` +
      (since !== null ? `; saturado desde aprox. el ${stamp(since)}.` : '.');
  } else if (tipo === 'flights') {
    const names = [...new Set(vuelos.map((f) => f.nombre))].slice(0, 3);
    causa =
      `Vuelos llenos: ninguna ruta lleva el pedido ${out.key} a ${dest} a tiempo con asientos libres ` +
      `(al ${stamp(atMin)}). ${vuelos.length} vuelos llenos en su camino` +
      (names.length > 0 ? `, entre ellos ${names.join(', ')}.` : '.');
  } else {
    causa = cause?.message ?? `El pedido ${out.key} no puede llegar a ${dest} a tiempo.`;
  }
  const b = cause?.blocked;
  if (b && tipo !== 'no-route') {
    const pct = (x: number) => `${Math.round((100 * x) / Math.max(1, b.routes))} %`;
    causa +=
      ` De las ${b.routes} rutas a tiempo de uno o dos vuelos, ${b.byWarehouses} (${pct(b.byWarehouses)}) ` +
      `tienen un almacén lleno y ${b.byFlights} (${pct(b.byFlights)}) un vuelo lleno.`;
  }
  return {
    fecha: epochMinToIso(atMin),
    pedido: out.key,
    destino: out.destination,
    causa,
    tipo,
    almacen,
    vuelos,
    kpis: rt.kpis(),
    diasSimulados: Math.round(((atMin - rt.spec.inicioMin) / DAY_MIN) * 100) / 100,
    factorDemanda: rt.feed.demandFactor(atMin),
  };
}
