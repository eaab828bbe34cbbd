import type { AirportDto, BusyFlightDto, CollapseReportDto, RunDto, RunResultDto } from '../../../contract';
import { COLLAPSED_RUN, KPIS, AIRPORTS as NETWORK, RUN } from '../operations/fixtures';

/** Fixed reports, summaries and history rows for the run-outcome stories. */

export const AIRPORTS: AirportDto[] = [
  ...NETWORK,
  { codigo: 'SEQM', ciudad: 'Quito', lon: -78.36, lat: -0.13, pais: 'Ecuador', continente: 'America' },
];

/** What the containers fetch: the airports (for names) and the runs. */
export const api = (runs: RunDto[], history: RunDto[] = runs) => ({
  aereopuertos: { json: AIRPORTS },
  simulaciones: { json: runs },
  'simulaciones/historial': { json: history },
});

const flight = (origen: string, destino: string, local: string, utc: string, i: number): BusyFlightDto => ({
  id: `${origen}-${destino}-${local}@${29_450_000 + i * 1440}`,
  nombre: `${origen} → ${destino} ${local}`,
  origen,
  destino,
  salida: utc,
  salidaLocal: local,
  carga: 300,
  capacidad: 300,
  porcentaje: 100,
});

export const FULL_FLIGHTS: BusyFlightDto[] = [
  flight('SPIM', 'SEQM', '21:09', '2026-01-19T02:09:00.000Z', 0),
  flight('SKBO', 'SEQM', '08:10', '2026-01-19T13:10:00.000Z', 1),
  flight('EBCI', 'SEQM', '10:40', '2026-01-19T08:40:00.000Z', 2),
];

/** At the collapse: on time, late, unrouted and in transit (the order that collapsed is late in transit). */
export const REPORT_KPIS = { ...KPIS, enTransitoTarde: 1, entregadosTarde: 12, sinRuta: 0 };

export const REPORT: CollapseReportDto = {
  ...COLLAPSED_RUN.reporte!,
  pedido: 'SEQM-000004512',
  destino: 'SEQM',
  causa:
    'El almacén de Quito (SEQM) no tiene espacio (400 productos) para cuando llegarían los productos del pedido ' +
    'SEQM-000004512: lo ya planificado lo llena y no queda ruta a Quito (SEQM) a tiempo; saturado desde aprox. ' +
    'el 19/01/2026 02:00 UTC.',
  almacen: {
    codigo: 'SEQM',
    ciudad: 'Quito',
    ocupacion: 400,
    capacidad: 400,
    porcentaje: 100,
    nivel: 'saturado',
    desde: '2026-01-19T02:00:00.000Z',
  },
  vuelos: FULL_FLIGHTS,
  kpis: REPORT_KPIS,
};

const CODES = ['SPIM', 'SKBO', 'EBCI', 'UBBB'];
/** The server names up to 20 full flights. */
export const LONG_REPORT: CollapseReportDto = {
  ...REPORT,
  tipo: 'flights',
  almacen: null,
  causa:
    'Vuelos llenos: ninguna ruta lleva el pedido SEQM-000004512 a Quito (SEQM) a tiempo con asientos libres ' +
    '(al 19/01/2026 06:12 UTC). 20 vuelos llenos en su camino, entre ellos SPIM → SEQM 21:09, SKBO → SEQM 08:10.',
  vuelos: Array.from({ length: 20 }, (_, i) => {
    const hh = String(i + 2).padStart(2, '0');
    return flight(
      CODES[i % 4],
      'SEQM',
      `${hh}:15`,
      `2026-01-19T${String(i + 4).padStart(2, '0')}:15:00.000Z`,
      i,
    );
  }),
};

export const REPORT_RUN: RunDto = { ...COLLAPSED_RUN, reporte: REPORT, kpis: REPORT_KPIS };

export const RESULT: RunResultDto = {
  pedidos: 42_993,
  entregadosATiempo: 41_870,
  entregadosTarde: 1_011,
  sinRuta: 12,
  enTransito: 100,
  picoAlmacen: {
    codigo: 'SPIM',
    ciudad: 'Lima',
    ocupacion: 431,
    capacidad: 440,
    porcentaje: 98,
    nivel: 'saturado',
    fecha: '2025-12-27T14:10:00.000Z',
  },
  picoVuelo: { ...FULL_FLIGHTS[0], fecha: FULL_FLIGHTS[0].salida },
  utilizacionVuelos: 0.4213,
  segundosReales: 3_655,
};

export const FINISHED_RUN: RunDto = {
  ...RUN,
  id: 'run-semanal-2',
  estado: 'terminada',
  inicio: '2025-12-22T00:00:00.000Z',
  fin: '2025-12-29T00:00:00.000Z',
  ahora: '2025-12-29T00:00:00.000Z',
  creadoEn: '2026-01-05T09:00:00.000Z',
  terminadaEn: '2026-01-05T10:00:55.000Z',
  segundosReales: 3_655,
  resumen: RESULT,
};

/** Three past collapse searches, newest first: the latest collapsed, one stopped, an older one collapsed. */
export const HISTORY: RunDto[] = [
  { ...REPORT_RUN, id: 'run-colapso-3', creadoEn: '2026-01-06T10:00:00.000Z', segundosReales: 48 },
  {
    ...REPORT_RUN,
    id: 'run-colapso-2',
    estado: 'detenida',
    reporte: null,
    velocidad: 600,
    ahora: '2026-01-09T00:00:00.000Z',
    creadoEn: '2026-01-06T09:30:00.000Z',
    segundosReales: 420,
    resumen: { ...RESULT, pedidos: 18_000, segundosReales: 420 },
  },
  {
    ...REPORT_RUN,
    id: 'run-colapso-1',
    creadoEn: '2026-01-06T09:00:00.000Z',
    segundosReales: 61,
    reporte: { ...LONG_REPORT, fecha: '2026-01-15T22:40:00.000Z', pedido: 'SKBO-000000321', destino: 'SKBO' },
  },
];
