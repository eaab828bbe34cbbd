import { FILE_KINDS } from '../../src/api/contract';

export const fileStatusSchema = {
  type: 'object',
  description: 'Estado del archivo actual',
  properties: {
    exists: { type: 'boolean' },
    filename: { type: ['string', 'null'] },
    sizeBytes: { type: ['integer', 'null'] },
    lastModified: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Fecha y hora ISO de la carga',
    },
  },
  required: ['exists', 'filename', 'sizeBytes', 'lastModified'],
} as const;

export const uploadOkSchema = {
  type: 'object',
  properties: { message: { type: 'string', description: 'Resultado en español, con cantidades' } },
  required: ['message'],
} as const;

export const ordersUploadOkSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'Resultado en español, con cantidades' },
    added: { type: 'integer', description: 'Pedidos nuevos guardados' },
    duplicates: { type: 'integer', description: 'Pedidos ya registrados (mismo destino y número), omitidos' },
    duplicateKeys: { type: 'array', items: { type: 'string' }, description: 'Los primeros pedidos omitidos' },
    products: { type: 'integer', description: 'Productos de los pedidos nuevos' },
  },
  required: ['message', 'added', 'duplicates', 'duplicateKeys', 'products'],
} as const;

/** Documentation of the multipart body (the handler streams and checks it itself). */
export const multipartFileBody = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: 'Archivo .txt o .csv' } },
  required: ['file'],
} as const;

export const previewQuerySchema = {
  type: 'object',
  properties: {
    lines: { type: 'integer', minimum: 1, maximum: 10000, default: 50, description: 'Número de líneas' },
  },
  additionalProperties: false,
} as const;

export const textSchema = { type: 'string' } as const;
export const binarySchema = { type: 'string', format: 'binary' } as const;

export const fileKindSchema = { type: 'string', enum: [...FILE_KINDS] } as const;
