/** Runtime state → wire shapes (src/api/contract.ts). Pure functions; the run's worker and the main thread both use them. */
import type {
  BusyFlightDto,
  FlightDetailDto,
  LiveFlightDto,
  OrderDetailDto,
  RunDto,
  RunKpisDto,
  RunProgressDto,
  RunResultDto,
  WarehouseOccupancyDto,
} from '../../contract';
import { DAY_MIN, MINUTE_MS } from '../../contract/time';
import { epochMinToIso } from '../domain/convert';
import type { Airport } from '../domain/types';
import type { OrderOutcome } from '../planner/types';
import { levelOf, type SimulationOptions } from './options';
import type { RunRuntime } from './run/runtime';
import type { RunRow } from './store';
import { type Airborne, instanceId, lastDepartureAtOrBefore, type ViewNetwork } from './view';
import type { RunSnapshot } from './worker/messages';

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const pct = (load: number, capacity: number) =>
  capacity > 0 ? Math.round((load / capacity) * 1000) / 10 : 0;

export function kpisDto(
  s: { orders: number; products: number; late: number; unrouted: number },
  d: { onTime: number; late: number; lateInTransit: number },
  productosEnVuelo: number,
): RunKpisDto {
  const delivered = d.onTime + d.late;
  const enTransito = Math.max(0, s.orders - delivered - s.unrouted);
  const enTransitoTarde = Math.min(enTransito, d.lateInTransit);
  return {
    pedidosRecibidos: s.orders,
    productosRecibidos: s.products,
    entregadosATiempo: d.onTime,
    entregadosTarde: d.late,
    sinRuta: s.unrouted,
    enTransito,
    enTransitoATiempo: enTransito - enTransitoTarde,
    enTransitoTarde,
    productosEnVuelo,
    porcentajeATiempo: delivered > 0 ? Math.round((d.onTime / delivered) * 1000) / 10 : null,
  };
}

/** 'Lima (SPIM)': how people read an airport. */
export function cityLabel(v: ViewNetwork, code: string): string {
  const i = v.airportIndex.get(code);
  const city = i === undefined ? '' : v.airports[i].city;
  return city ? `${city} (${code})` : code;
}

export function warehouseDto(
  a: Airport,
  ocupacion: number,
  levels: SimulationOptions['levels'],
): WarehouseOccupancyDto {
  return {
    codigo: a.code,
    ciudad: a.city || null,
    ocupacion,
    capacidad: a.capacity,
    porcentaje: pct(ocupacion, a.capacity),
    nivel: levelOf(ocupacion, a.capacity, levels),
  };
}

export function warehousesDto(
  v: ViewNetwork,
  loadAt: (code: string) => number,
  levels: SimulationOptions['levels'],
): WarehouseOccupancyDto[] {
  return v.airports.map((a) => warehouseDto(a, loadAt(a.code), levels));
}

export function busiestWarehouse(list: WarehouseOccupancyDto[]): WarehouseOccupancyDto | null {
  return list.reduce<WarehouseOccupancyDto | null>(
    (m, a) => (m === null || a.porcentaje > m.porcentaje ? a : m),
    null,
  );
}

/** An instance id 'ORIG-DEST-HH:MM@epochMin' → its parts (null when malformed). */
export function parseInstanceId(id: string): { flightId: string; depMin: number } | null {
  const at = id.lastIndexOf('@');
  if (at < 0) return null;
  const depMin = Number(id.slice(at + 1));
  return Number.isInteger(depMin) ? { flightId: id.slice(0, at), depMin } : null;
}

/** A flight instance named for people: 'SPIM → SEQM 21:09' (the plan's local departure at the origin). */
export function busyFlight(v: ViewNetwork, i: number, depMin: number, carga: number): BusyFlightDto {
  const id = v.flightIds[i];
  const local = id.slice(-5);
  const capacidad = v.capacity[i];
  return {
    id: instanceId(id, depMin),
    nombre: `${v.origin[i]} → ${v.destination[i]} ${local}`,
    origen: v.origin[i],
    destino: v.destination[i],
    salida: epochMinToIso(depMin),
    salidaLocal: local,
    carga,
    capacidad,
    porcentaje: pct(carga, capacidad),
  };
}

/** The `n` fullest instances among those that departed in the last 24 simulated hours (airborne included). */
export function busiestFlights(rt: RunRuntime, n: number): BusyFlightDto[] {
  const v = rt.view;
  const now = rt.nowMin;
  const top: { i: number; dep: number; load: number; f: number }[] = [];
  for (let i = 0; i < v.flightIds.length; i++) {
    const dep = lastDepartureAtOrBefore(v, i, now);
    if (rt.isCancelled(v.flightIds[i], dep)) continue;
    const load = rt.flightLoad(v.flightIds[i], dep);
    if (load === 0) continue;
    const f = load / v.capacity[i];
    if (top.length === n && f <= top[n - 1].f) continue;
    let k = top.length < n ? top.length : n - 1;
    while (k > 0 && top[k - 1].f < f) k--;
    top.splice(k, 0, { i, dep, load, f });
    if (top.length > n) top.pop();
  }
  return top.map((t) => busyFlight(v, t.i, t.dep, t.load));
}

/** Progress as the run sees it (restanteSeg needs the wall clock: the registry fills it in). */
export function progressDto(rt: RunRuntime): RunProgressDto {
  const now = rt.nowMin;
  const { inicioMin, finMin } = rt.spec;
  const warehouses = warehousesDto(rt.view, (c) => rt.warehouseLoad(c, now), rt.opts.levels);
  return {
    fraccion:
      finMin !== null && finMin > inicioMin
        ? Math.min(1, Math.max(0, (rt.ahoraMs / MINUTE_MS - inicioMin) / (finMin - inicioMin)))
        : null,
    restanteSeg: null,
    diasSimulados: Math.round(((rt.ahoraMs / MINUTE_MS - inicioMin) / DAY_MIN) * 100) / 100,
    pedidosPlanificados: rt.planner.stats().orders,
    factorDemanda: rt.feed.demandFactor(now),
    almacenMasOcupado: busiestWarehouse(warehouses),
    vuelosMasOcupados: busiestFlights(rt, 5),
  };
}

/** The finished run's summary (segundosReales comes from the wall clock: the registry fills it in). */
export function resultDto(rt: RunRuntime): RunResultDto {
  const k = rt.kpis();
  const v = rt.view;
  const wp = rt.usage.warehousePeak;
  const fp = rt.usage.flightPeak;
  return {
    pedidos: k.pedidosRecibidos,
    entregadosATiempo: k.entregadosATiempo,
    entregadosTarde: k.entregadosTarde,
    sinRuta: k.sinRuta,
    enTransito: k.enTransito,
    enTransitoATiempo: k.enTransitoATiempo,
    enTransitoTarde: k.enTransitoTarde,
    porcentajeATiempo: k.porcentajeATiempo,
    picoAlmacen: wp
      ? { ...warehouseDto(v.airports[wp.airport], wp.load, rt.opts.levels), fecha: epochMinToIso(wp.atMin) }
      : null,
    picoVuelo: fp
      ? { ...busyFlight(v, fp.flight, fp.depMin, fp.load), fecha: epochMinToIso(fp.depMin) }
      : null,
    utilizacionVuelos: rt.utilisation(),
    segundosReales: 0,
  };
}

export function toLiveFlight(
  v: ViewNetwork,
  a: Airborne,
  tMin: number,
  opts: Pick<SimulationOptions, 'levels' | 'colors'>,
): LiveFlightDto {
  const i = a.i;
  const cap = v.capacity[i];
  const nivel = levelOf(a.load, cap, opts.levels);
  const color = opts.colors[nivel];
  const id = v.flightIds[i];
  return {
    id: instanceId(id, a.dep),
    originLat: v.oLat[i],
    originLon: v.oLon[i],
    destLat: v.dLat[i],
    destLon: v.dLon[i],
    progress: round4(Math.min(1, Math.max(0, (tMin - a.dep) / v.dur[i]))),
    pathColor: color,
    planeColor: color,
    codigo: id,
    origen: v.origin[i],
    destino: v.destination[i],
    salida: epochMinToIso(a.dep),
    llegada: epochMinToIso(a.dep + v.dur[i]),
    carga: a.load,
    capacidad: cap,
    nivel,
  };
}

export function flightDetailDto(rt: RunRuntime, flightId: string, depMin: number): FlightDetailDto {
  const v = rt.view;
  const i = v.flightIndex.get(flightId)!;
  const carga = rt.flightLoad(flightId, depMin);
  const capacidad = v.capacity[i];
  return {
    id: instanceId(flightId, depMin),
    codigo: flightId,
    origen: v.origin[i],
    destino: v.destination[i],
    salida: epochMinToIso(depMin),
    llegada: epochMinToIso(depMin + v.dur[i]),
    carga,
    capacidad,
    nivel: levelOf(carga, capacidad, rt.opts.levels),
    cancelado: rt.isCancelled(flightId, depMin),
    pedidos: rt.planner
      .flightOrders(flightId, depMin)
      .map((p) => ({ pedido: p.orderKey, cantidad: p.quantity }))
      .sort((a, b) => b.cantidad - a.cantidad || (a.pedido < b.pedido ? -1 : 1)),
  };
}

export const STATUS_ES: Record<OrderOutcome['status'], OrderDetailDto['estado']> = {
  onTime: 'a_tiempo',
  late: 'atrasado',
  unrouted: 'sin_ruta',
  fromStock: 'desde_stock',
};

export function orderDetailDto(out: OrderOutcome, clienteId: string, now: number): OrderDetailDto {
  return {
    id: out.key,
    destino: out.destination,
    cantidad: out.quantity,
    clienteId,
    fecha: epochMinToIso(out.releaseMin),
    plazo: epochMinToIso(out.deadlineMin),
    estado: STATUS_ES[out.status],
    envios: out.shipments.map((s) => {
      let ubicacion = 'entregado';
      if (now < s.legs[0].depMin) ubicacion = s.source;
      else if (now < s.readyMin) {
        ubicacion = s.legs[s.legs.length - 1].destination;
        for (const l of s.legs) {
          if (now < l.depMin) {
            ubicacion = l.origin;
            break;
          }
          if (now < l.arrMin) {
            ubicacion = instanceId(l.flightId, l.depMin);
            break;
          }
        }
      }
      return {
        cantidad: s.quantity,
        origen: s.source,
        tramos: s.legs.map((l) => ({
          vuelo: instanceId(l.flightId, l.depMin),
          origen: l.origin,
          destino: l.destination,
          salida: epochMinToIso(l.depMin),
          llegada: epochMinToIso(l.arrMin),
        })),
        llegada: epochMinToIso(s.arrivalMin),
        listo: epochMinToIso(s.readyMin),
        ubicacion,
      };
    }),
  };
}

const EMPTY_KPIS: RunKpisDto = kpisDto(
  { orders: 0, products: 0, late: 0, unrouted: 0 },
  { onTime: 0, late: 0, lateInTransit: 0 },
  0,
);

const emptyProgress = (dias: number): RunProgressDto => ({
  fraccion: null,
  restanteSeg: null,
  diasSimulados: dias,
  pedidosPlanificados: 0,
  factorDemanda: null,
  almacenMasOcupado: null,
  vuelosMasOcupados: [],
});

/** A run on the wire: what is stored, brought up to date by its worker's last snapshot when it has one. */
export function runDto(row: RunRow, snapshot: RunSnapshot | null, segundosReales: number): RunDto {
  const ahoraMs = snapshot?.clock.ahoraMs ?? row.ahoraMs;
  const dias = Math.round(((ahoraMs / MINUTE_MS - row.inicioMin) / DAY_MIN) * 100) / 100;
  const progreso = snapshot?.progreso ?? row.progreso ?? emptyProgress(dias);
  const speed = row.velocidad;
  const moving = row.estado === 'en_curso' || row.estado === 'pausada';
  const restanteSeg =
    moving && row.finMin !== null && speed !== null && speed > 0
      ? Math.max(0, Math.round((row.finMin * MINUTE_MS - ahoraMs) / 1000 / speed))
      : null;
  const resumen = row.resumen ?? (snapshot?.resultado ? { ...snapshot.resultado, segundosReales } : null);
  return {
    id: row.id,
    modo: row.modo,
    estado: row.estado,
    inicio: epochMinToIso(row.inicioMin),
    fin: row.finMin === null ? null : epochMinToIso(row.finMin),
    velocidad: speed ?? 'max',
    ahora: new Date(ahoraMs).toISOString(),
    creadoEn: row.creadoEn,
    terminadaEn: row.terminadaEn,
    segundosReales: Math.round(segundosReales * 10) / 10,
    crecimiento: row.crecimiento,
    kpis: snapshot?.kpis ?? row.kpis ?? EMPTY_KPIS,
    progreso: { ...progreso, restanteSeg },
    resumen: moving ? null : resumen,
    reporte: snapshot?.reporte ?? row.reporte,
    mensaje: row.mensaje,
  };
}
