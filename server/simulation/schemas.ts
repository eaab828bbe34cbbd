/** JSON schemas of the run, clock and operations DTOs (src/api/contract.ts); keep both in step. */
import { LIVE_FORMATS, LOAD_LEVELS, RUN_MODES } from '../../src/api/contract';

const iso = { type: 'string', description: 'ISO 8601 UTC' } as const;
const isoOrNull = { type: ['string', 'null'], description: 'ISO 8601 UTC' } as const;
const RUN_STATES = ['en_curso', 'terminada', 'colapsada', 'detenida'] as const;

export const modeQuerySchema = {
  type: 'object',
  properties: { modo: { type: 'string', enum: RUN_MODES } },
} as const;

export const idParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['id'],
} as const;

export const startRunSchema = {
  type: 'object',
  properties: {
    modo: { type: 'string', enum: RUN_MODES },
    inicio: { type: 'string', minLength: 1, description: 'ISO 8601; sin zona = UTC' },
    fin: { type: 'string', minLength: 1, description: 'Solo semanal (por defecto inicio + 7 días)' },
    velocidad: {
      anyOf: [
        { type: 'number', exclusiveMinimum: 0 },
        { type: 'string', enum: ['max'] },
      ],
      description: 'Segundos simulados por segundo real, o "max"',
    },
    semilla: {
      type: 'integer',
      minimum: 0,
      maximum: 2147483647,
      description: 'Semilla de la demanda sintética (colapso)',
    },
  },
  required: ['modo'],
  additionalProperties: false,
} as const;

export const kpisProperties = {
  pedidosRecibidos: { type: 'integer' },
  productosRecibidos: { type: 'integer' },
  entregados: { type: 'integer' },
  aTiempo: { type: 'integer' },
  atrasados: { type: 'integer' },
  sinRuta: { type: 'integer' },
  enTransito: { type: 'integer' },
  productosEnVuelo: { type: 'integer' },
  porcentajeATiempo: { type: 'number' },
} as const;
const kpisRequired = Object.keys(kpisProperties);

export const kpisSchema = { type: 'object', properties: kpisProperties, required: kpisRequired } as const;

const velocidad = { anyOf: [{ type: 'number' }, { type: 'string', enum: ['max'] }] } as const;

export const collapseReportSchema = {
  type: ['object', 'null'],
  properties: {
    fecha: iso,
    pedido: { type: 'string' },
    causa: { type: 'string' },
    tipo: { type: 'string', enum: ['warehouse', 'flights', 'no-route'] },
    almacen: { type: 'string' },
    vuelos: { type: 'array', items: { type: 'string' } },
    kpis: kpisSchema,
  },
} as const;

export const runSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    modo: { type: 'string', enum: RUN_MODES },
    estado: { type: 'string', enum: RUN_STATES },
    inicio: iso,
    fin: isoOrNull,
    velocidad,
    ahora: iso,
    creadoEn: iso,
    kpis: kpisSchema,
    reporte: collapseReportSchema,
    semilla: { type: 'integer' },
  },
  required: ['id', 'modo', 'estado', 'inicio', 'fin', 'velocidad', 'ahora', 'creadoEn', 'kpis', 'reporte'],
} as const;

export const runListSchema = { type: 'array', items: runSchema } as const;

export const warehouseSchema = {
  type: 'object',
  properties: {
    codigo: { type: 'string' },
    ciudad: { type: ['string', 'null'] },
    ocupacion: { type: 'integer' },
    capacidad: { type: 'integer' },
    porcentaje: { type: 'number' },
    nivel: { type: 'string', enum: LOAD_LEVELS },
  },
  required: ['codigo', 'ocupacion', 'capacidad', 'porcentaje', 'nivel'],
} as const;

export const warehouseListSchema = { type: 'array', items: warehouseSchema } as const;

export const summarySchema = {
  type: 'object',
  properties: {
    ...kpisProperties,
    ahora: iso,
    velocidad,
    estado: { type: 'string', enum: RUN_STATES },
    almacenes: warehouseListSchema,
    almacenMasOcupado: { anyOf: [warehouseSchema, { type: 'null' }] },
    utilizacionVuelos: { type: 'number' },
  },
  required: [
    ...kpisRequired,
    'ahora',
    'velocidad',
    'estado',
    'almacenes',
    'almacenMasOcupado',
    'utilizacionVuelos',
  ],
} as const;

export const clockSchema = {
  type: 'object',
  properties: {
    ahora: iso,
    velocidad: { type: 'number' },
    modo: { type: 'string', enum: RUN_MODES },
    estado: { type: 'string', enum: [...RUN_STATES, 'tiempo_real'] },
  },
  required: ['ahora', 'velocidad', 'modo', 'estado'],
} as const;

export const flightDetailSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    codigo: { type: 'string' },
    origen: { type: 'string' },
    destino: { type: 'string' },
    salida: iso,
    llegada: iso,
    carga: { type: 'integer' },
    capacidad: { type: 'integer' },
    nivel: { type: 'string', enum: LOAD_LEVELS },
    cancelado: { type: 'boolean' },
    pedidos: {
      type: 'array',
      items: {
        type: 'object',
        properties: { pedido: { type: 'string' }, cantidad: { type: 'integer' } },
        required: ['pedido', 'cantidad'],
      },
    },
  },
  required: [
    'id',
    'codigo',
    'origen',
    'destino',
    'salida',
    'llegada',
    'carga',
    'capacidad',
    'nivel',
    'cancelado',
    'pedidos',
  ],
} as const;

const legSchema = {
  type: 'object',
  properties: {
    vuelo: { type: 'string' },
    origen: { type: 'string' },
    destino: { type: 'string' },
    salida: iso,
    llegada: iso,
  },
  required: ['vuelo', 'origen', 'destino', 'salida', 'llegada'],
} as const;

export const orderDetailSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    destino: { type: 'string' },
    cantidad: { type: 'integer' },
    clienteId: { type: 'string' },
    fecha: iso,
    plazo: isoOrNull,
    estado: { type: 'string', enum: ['a_tiempo', 'atrasado', 'sin_ruta', 'desde_stock', 'pendiente'] },
    envios: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          cantidad: { type: 'integer' },
          origen: { type: 'string' },
          tramos: { type: 'array', items: legSchema },
          llegada: iso,
          listo: iso,
          ubicacion: { type: 'string' },
        },
        required: ['cantidad', 'origen', 'tramos', 'llegada', 'listo', 'ubicacion'],
      },
    },
  },
  required: ['id', 'destino', 'cantidad', 'clienteId', 'fecha', 'plazo', 'estado', 'envios'],
} as const;

export const cancellationSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    vuelo: { type: 'string' },
    pedidosAfectados: { type: 'integer' },
    aTiempo: { type: 'integer' },
    atrasados: { type: 'integer' },
    sinRuta: { type: 'integer' },
    pedidos: {
      type: 'array',
      items: {
        type: 'object',
        properties: { pedido: { type: 'string' }, estado: { type: 'string' } },
        required: ['pedido', 'estado'],
      },
    },
  },
  required: ['message', 'vuelo', 'pedidosAfectados', 'aTiempo', 'atrasados', 'sinRuta', 'pedidos'],
} as const;

export const cancellationFileSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    canceladas: { type: 'integer' },
    pedidosAfectados: { type: 'integer' },
    omitidas: {
      type: 'array',
      items: {
        type: 'object',
        properties: { linea: { type: 'integer' }, vuelo: { type: 'string' }, motivo: { type: 'string' } },
        required: ['linea', 'vuelo', 'motivo'],
      },
    },
  },
  required: ['message', 'canceladas', 'pedidosAfectados', 'omitidas'],
} as const;

export const liveQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, default: 50 },
    modo: { type: 'string', enum: RUN_MODES },
    formato: { type: 'string', enum: LIVE_FORMATS, default: 'arreglo' },
  },
} as const;
