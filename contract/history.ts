import { type Static, Type } from 'typebox';
import { Nullable } from './common';
import { RunState } from './runs';

/** GET /api/simulaciones/:id/serie */
export const SeriesQuery = Type.Object(
  {
    aeropuerto: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{4}$',
        description: 'Solo la ocupación del almacén de este aeropuerto (código OACI)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SeriesQuery = Static<typeof SeriesQuery>;

export const WarehouseSeriesDto = Type.Object({
  codigo: Type.String(),
  nombre: Type.String({ description: "'Ciudad (CODE)' o el código" }),
  capacidad: Type.Integer(),
  ocupacion: Type.Array(Type.Integer(), { description: 'Productos en el almacén en cada muestra' }),
});
export type WarehouseSeriesDto = Static<typeof WarehouseSeriesDto>;

/**
 * A run's history over simulated time, one sample per simulated hour, columnar: t[i] is the i-th
 * instant (epoch ms, simulated UTC) and every other array holds that sample's value at index i.
 */
export const RunSeriesDto = Type.Object({
  estado: RunState,
  inicio: Type.Number({ description: 'Inicio de la ventana (epoch ms)' }),
  fin: Nullable(Type.Number({ description: 'Fin de la ventana (semanal); null si es abierta' })),
  t: Type.Array(Type.Number()),
  aTiempoPct: Type.Array(Nullable(Type.Number()), {
    description: '% de los pedidos entregados que llegaron a tiempo; null mientras no hay entregas',
  }),
  pedidosEnTransito: Type.Array(Type.Integer()),
  productosEnVuelo: Type.Array(Type.Integer()),
  almacenes: Type.Array(WarehouseSeriesDto),
  colapso: Nullable(Type.Number({ description: 'Instante del colapso (epoch ms)' })),
  umbrales: Type.Object({
    limitado: Type.Number({ description: 'Fracción de la capacidad desde la que un almacén está limitado' }),
    saturado: Type.Number(),
  }),
});
export type RunSeriesDto = Static<typeof RunSeriesDto>;

export const CSV_SEPARATORS = ['puntoycoma', 'coma'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** The CSV downloads: ';' (what a spreadsheet in Spanish expects) or ',', with or without a UTF-8 BOM. */
export const CsvQuery = Type.Object(
  {
    separador: Type.Optional(
      Type.Enum(CSV_SEPARATORS, { description: "puntoycoma (';', por defecto) o coma (',')" }),
    ),
    bom: Type.Optional(
      Type.Boolean({ description: 'Marca UTF-8 al inicio (por defecto sí: Excel lee bien los acentos)' }),
    ),
  },
  { additionalProperties: false },
);
export type CsvQuery = Static<typeof CsvQuery>;

export const REPORT_FORMATS = ['json', 'texto'] as const;
export const ReportQuery = Type.Object(
  { formato: Type.Optional(Type.Enum(REPORT_FORMATS, { description: 'json (por defecto) o texto' })) },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

/** The downloads a run offers, by path segment under /api/simulaciones/:id/descargas/. */
export const RUN_DOWNLOADS = ['plan', 'pedidos', 'kpis', 'reporte'] as const;
export type RunDownload = (typeof RUN_DOWNLOADS)[number];
