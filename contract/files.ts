import { type Static, Type } from 'typebox';
import { BinaryBody, Nullable } from './common';
import { FILE_KINDS } from './enums';

export const FileKind = Type.Enum(FILE_KINDS);
export type FileKind = Static<typeof FileKind>;

// --- File status (GET /api/{kind}/status) ---
export const FileStatusDto = Type.Object(
  {
    exists: Type.Boolean(),
    filename: Nullable(Type.String()),
    sizeBytes: Nullable(Type.Integer()),
    lastModified: Nullable(Type.String({ format: 'date-time', description: 'Fecha y hora ISO de la carga' })),
  },
  { description: 'Estado del archivo actual' },
);
export type FileStatusDto = Static<typeof FileStatusDto>;

// --- File preview (GET /api/{kind}/preview) ---
export const PreviewQuery = Type.Object(
  {
    lines: Type.Integer({ minimum: 1, maximum: 10000, default: 50, description: 'Número de líneas' }),
  },
  { additionalProperties: false },
);
export type PreviewQuery = Static<typeof PreviewQuery>;

// --- Upload results (POST /api/{kind}/upload) ---
const message = Type.String({ description: 'Resultado en español, con cantidades' });

export const UploadOkDto = Type.Object({ message });
export type UploadOkDto = Static<typeof UploadOkDto>;

/** Result of appending an order file: the message plus the counts behind it. */
export const OrdersUploadOkDto = Type.Object({
  message,
  added: Type.Integer({ description: 'Pedidos nuevos guardados' }),
  duplicates: Type.Integer({ description: 'Pedidos ya registrados (mismo destino y número), omitidos' }),
  duplicateKeys: Type.Array(Type.String(), {
    description: 'Los primeros pedidos omitidos, p. ej. SPIM-000000123 (20 como máximo)',
  }),
  products: Type.Integer({ description: 'Productos de los pedidos nuevos' }),
});
export type OrdersUploadOkDto = Static<typeof OrdersUploadOkDto>;

/** Documentation of a multipart body with one file (the handler streams and checks it itself). */
export const MultipartFileBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'Archivo .txt o .csv' }),
});

export { BinaryBody };
