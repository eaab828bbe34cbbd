import type { OrderDetailDto } from '../../../contract';

/** An order Lima → Tokyo over Los Angeles, on time, in the air on its second leg. */
export const ORDER_ON_TIME: OrderDetailDto = {
  id: 'RJTT-000000031',
  destino: 'RJTT',
  cantidad: 120,
  clienteId: '0001234',
  fecha: '2026-01-05T08:00:00.000Z',
  plazo: '2026-01-07T08:00:00.000Z',
  estado: 'a_tiempo',
  envios: [
    {
      cantidad: 120,
      origen: 'SPIM',
      tramos: [
        {
          vuelo: 'SPIM-KLAX-05:00@29467800',
          origen: 'SPIM',
          destino: 'KLAX',
          salida: '2026-01-05T10:00:00.000Z',
          llegada: '2026-01-05T18:00:00.000Z',
        },
        {
          vuelo: 'KLAX-RJTT-12:00@29468400',
          origen: 'KLAX',
          destino: 'RJTT',
          salida: '2026-01-05T20:00:00.000Z',
          llegada: '2026-01-06T08:00:00.000Z',
        },
      ],
      llegada: '2026-01-06T08:00:00.000Z',
      listo: '2026-01-06T10:00:00.000Z',
      ubicacion: 'KLAX-RJTT-12:00@29468400',
    },
  ],
};
