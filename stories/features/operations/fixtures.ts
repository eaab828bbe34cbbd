import type {
  AirportDto,
  DailyFlightDto,
  OrderRangeDto,
  RunDto,
  RunKpisDto,
  RunParametersDto,
  RunSummaryDto,
} from '../../../contract';

/** Fixed run data for the run-screen stories. */

export const KPIS: RunKpisDto = {
  pedidosRecibidos: 12_480,
  productosRecibidos: 25_102,
  entregadosATiempo: 9_512,
  entregadosTarde: 358,
  sinRuta: 4,
  enTransito: 2_606,
  enTransitoATiempo: 2_590,
  enTransitoTarde: 16,
  productosEnVuelo: 3_940,
  porcentajeATiempo: 96.4,
};

export const RUN: RunDto = {
  id: 'run-semanal-1',
  modo: 'semanal',
  estado: 'en_curso',
  inicio: '2026-01-05T00:00:00.000Z',
  fin: '2026-01-12T00:00:00.000Z',
  velocidad: 168,
  ahora: '2026-01-07T13:45:00.000Z',
  creadoEn: '2026-01-05T00:00:00.000Z',
  terminadaEn: null,
  segundosReales: 1234,
  crecimiento: null,
  kpis: KPIS,
  progreso: {
    fraccion: 0.36,
    restanteSeg: 2300,
    diasSimulados: 2.57,
    pedidosPlanificados: 12_480,
    factorDemanda: null,
    almacenMasOcupado: null,
    vuelosMasOcupados: [],
  },
  resumen: null,
  reporte: null,
  mensaje: null,
};

export const SUMMARY: RunSummaryDto = {
  ...KPIS,
  ahora: RUN.ahora,
  velocidad: 168,
  estado: 'en_curso',
  almacenes: [],
  almacenMasOcupado: {
    codigo: 'SPIM',
    ciudad: 'Lima',
    ocupacion: 712,
    capacidad: 800,
    porcentaje: 89,
    nivel: 'limitado',
  },
  utilizacionVuelos: 0.62,
};

export const COLLAPSED_RUN: RunDto = {
  ...RUN,
  id: 'run-colapso-1',
  modo: 'colapso',
  estado: 'colapsada',
  fin: null,
  velocidad: 'max',
  ahora: '2026-01-19T06:12:00.000Z',
  reporte: {
    fecha: '2026-01-19T06:12:00.000Z',
    pedido: 'SPIM-000004512',
    causa: 'El almacén de SPIM no tiene espacio para recibir los productos del pedido antes de su plazo.',
    tipo: 'warehouse',
    destino: 'SPIM',
    almacen: {
      codigo: 'SPIM',
      ciudad: 'Lima',
      ocupacion: 800,
      capacidad: 800,
      porcentaje: 100,
      nivel: 'saturado',
      desde: '2026-01-19T02:00:00.000Z',
    },
    vuelos: [],
    kpis: KPIS,
    diasSimulados: 14.26,
    factorDemanda: 2.4,
  },
};

export const AIRPORTS: AirportDto[] = [
  {
    codigo: 'SPIM',
    ciudad: 'Lima',
    lon: -77.1,
    lat: -12.02,
    sede: true,
    pais: 'Perú',
    continente: 'America',
  },
  { codigo: 'SKBO', ciudad: 'Bogotá', lon: -74.14, lat: 4.7, pais: 'Colombia', continente: 'America' },
  { codigo: 'EBCI', ciudad: 'Charleroi', lon: 4.45, lat: 50.46, pais: 'Bélgica', continente: 'Europa' },
  {
    codigo: 'UBBB',
    ciudad: 'Bakú',
    lon: 50.05,
    lat: 40.47,
    sede: true,
    pais: 'Azerbaiyán',
    continente: 'Asia',
  },
];

export const FLIGHTS: DailyFlightDto[] = [
  {
    id: 'SPIM-SKBO-08:10',
    origen: 'SPIM',
    destino: 'SKBO',
    salida: '08:10',
    llegada: '11:05',
    capacidad: 300,
  },
  {
    id: 'SKBO-SPIM-14:30',
    origen: 'SKBO',
    destino: 'SPIM',
    salida: '14:30',
    llegada: '17:20',
    capacidad: 320,
  },
  {
    id: 'EBCI-UBBB-22:00',
    origen: 'EBCI',
    destino: 'UBBB',
    salida: '22:00',
    llegada: '05:40',
    capacidad: 400,
  },
];

export const ORDER_KEYS = ['SPIM-000000012', 'SPIM-000004512', 'SKBO-000000003', 'UBBB-000000101'];

/** The real December week's range (GET /api/pedidos/rango). */
export const RANGE: OrderRangeDto = {
  primero: '2025-12-22T00:01:00.000Z',
  ultimo: '2025-12-31T23:59:00.000Z',
  pedidos: 42_993,
};

export const PARAMETERS: RunParametersDto = {
  velocidades: [
    { nombre: 'Semana en 30 min', velocidad: 336 },
    { nombre: 'Semana en 60 min', velocidad: 168 },
    { nombre: 'Semana en 90 min', velocidad: 112 },
  ],
  velocidadPorDefecto: { semanal: 168, colapso: 'max' },
  crecimiento: { exponente: 1.174, factorPorPeriodo: 2, periodoDias: 7 },
};
