import type { ExceptionPageDto, ExceptionRowDto, WarehouseContentsDto } from '../../../contract';
import { RUN } from '../operations/fixtures';

/** Fixed exceptions of the semanal run of the operations fixtures. */

export const RUN_ID = RUN.id;
export const EXCEPTIONS_PATH = `simulaciones/${RUN_ID}/excepciones`;

const late = (i: number): ExceptionRowDto => ({
  clave: `SEQM-${String(4500 + i).padStart(9, '0')}`,
  tipo: 'atrasado',
  destino: 'SEQM',
  ciudad: 'Quito (SEQM)',
  productos: 3 + (i % 5),
  holgura: -(320 - i * 7),
  plazo: '2026-01-08T02:00:00.000Z',
  listo: '2026-01-08T07:20:00.000Z',
  motivo: `Sin asientos a tiempo: vuelo SPIM → SEQM 21:09 del 07/01 (360/360) lleno y ${i % 4} vuelos más.`,
  estado: 'en_transito',
  vuelo: 'SPIM-SEQM-21:09@29468949',
  almacen: null,
});

export const ROWS: ExceptionRowDto[] = [
  {
    clave: 'SKBO-000004512',
    tipo: 'sin_ruta',
    destino: 'SKBO',
    ciudad: 'Bogotá (SKBO)',
    productos: 12,
    holgura: null,
    plazo: '2026-01-07T20:00:00.000Z',
    listo: null,
    motivo: 'Almacén de Lima (SPIM) lleno desde el 07/01 06:12 UTC; además 3 vuelos llenos en sus rutas.',
    estado: 'sin_ruta',
    vuelo: null,
    almacen: 'SPIM',
  },
  ...Array.from({ length: 40 }, (_, i) => late(i)),
  {
    clave: 'LEMD-000000931',
    tipo: 'en_riesgo',
    destino: 'LEMD',
    ciudad: 'Madrid (LEMD)',
    productos: 4,
    holgura: 190,
    plazo: '2026-01-09T10:00:00.000Z',
    listo: '2026-01-09T06:50:00.000Z',
    motivo:
      'Holgura de 3 h 10 min: sus últimos productos llegan a Madrid (LEMD) el 09/01 04:50 UTC en el vuelo EBCI → LEMD 05:10 del 09/01 (298/320).',
    estado: 'en_transito',
    vuelo: 'EBCI-LEMD-05:10@29471470',
    almacen: null,
  },
];

export const PAGE: ExceptionPageDto = {
  ahora: RUN.ahora,
  umbral: 360,
  totales: { atrasado: 40, sin_ruta: 1, en_riesgo: 1 },
  total: ROWS.length,
  pagina: 1,
  limite: 100,
  filas: ROWS,
};

export const EMPTY_PAGE: ExceptionPageDto = {
  ...PAGE,
  totales: { atrasado: 0, sin_ruta: 0, en_riesgo: 0 },
  total: 0,
  filas: [],
};

export const WAREHOUSE: WarehouseContentsDto = {
  codigo: 'SPIM',
  ciudad: 'Lima',
  ocupacion: 17,
  capacidad: 440,
  porcentaje: 3.9,
  nivel: 'disponible',
  ahora: RUN.ahora,
  pedidos: 3,
  pagina: 1,
  limite: 50,
  filas: [
    {
      pedido: 'SKBO-000004512',
      productos: 12,
      destino: 'SKBO',
      desde: '2026-01-07T10:00:00.000Z',
      hasta: '2026-01-07T15:05:00.000Z',
      siguiente: 'SPIM-SKBO-10:05@29468765',
    },
    {
      pedido: 'SPIM-000000120',
      productos: 3,
      destino: 'SPIM',
      desde: '2026-01-07T12:40:00.000Z',
      hasta: '2026-01-07T14:40:00.000Z',
      siguiente: null,
    },
    {
      pedido: 'SEQM-000004501',
      productos: 2,
      destino: 'SEQM',
      desde: '2026-01-07T13:00:00.000Z',
      hasta: '2026-01-08T02:09:00.000Z',
      siguiente: 'SPIM-SEQM-21:09@29468949',
    },
  ],
};
