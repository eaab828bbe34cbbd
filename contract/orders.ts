import { type Static, Type } from 'typebox';

// --- Order registration (POST /api/pedidos) ---
export const OrderPayload = Type.Object(
  {
    clienteId: Type.String({ maxLength: 64, description: 'ID del cliente (obligatorio)' }),
    aeropuerto: Type.String({
      maxLength: 8,
      description:
        'Destino: código OACI del archivo de aeropuertos; también LIM (SPIM) y MAD (LEMD). El formulario propone LIM.',
    }),
    cantidad: Type.Integer({ description: 'Productos (entero ≥ 1; el formulario propone 1)' }),
  },
  { additionalProperties: false },
);
export type OrderPayload = Static<typeof OrderPayload>;

// --- Order keys for the pick list (GET /api/pedidos) ---
export const ORDER_SEARCH_DEFAULT_LIMIT = 1000;
export const ORDER_SEARCH_MAX_LIMIT = 50_000;

export const OrderSearchQuery = Type.Object(
  {
    buscar: Type.Optional(Type.String({ maxLength: 64, description: 'Texto contenido en la clave' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: ORDER_SEARCH_MAX_LIMIT, default: ORDER_SEARCH_DEFAULT_LIMIT }),
    ),
  },
  { additionalProperties: false },
);
export type OrderSearchQuery = Static<typeof OrderSearchQuery>;

/** Order keys (DEST-secuencia), in key order. */
export const OrderKeyListDto = Type.Array(Type.String());
