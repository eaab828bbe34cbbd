export const orderPayloadSchema = {
  type: 'object',
  properties: {
    clienteId: { type: 'string', maxLength: 64, description: 'ID del cliente (obligatorio)' },
    aeropuerto: {
      type: 'string',
      maxLength: 8,
      description:
        'Destino: código OACI del archivo de aeropuertos; también LIM (SPIM) y MAD (LEMD). El formulario propone LIM.',
    },
    cantidad: { type: 'integer', description: 'Productos (entero ≥ 1; el formulario propone 1)' },
  },
  required: ['clienteId', 'aeropuerto', 'cantidad'],
} as const;
