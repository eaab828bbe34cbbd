export const airportSchema = {
  type: 'object',
  properties: {
    codigo: { type: 'string', description: 'Código OACI' },
    ciudad: { type: ['string', 'null'] },
    lon: { type: 'number' },
    lat: { type: 'number' },
    sede: { type: 'boolean', description: 'Sede de la empresa (stock ilimitado)' },
    pais: { type: 'string' },
    continente: { type: 'string', enum: ['America', 'Europa', 'Asia'] },
    gmt: { type: 'integer', description: 'Huso horario fijo del archivo, en horas' },
    capacidad: { type: 'integer', description: 'Capacidad del almacén en productos' },
  },
  required: ['codigo', 'lon', 'lat'],
} as const;

export const airportListSchema = { type: 'array', items: airportSchema } as const;
