import { describe, expect, it } from 'vitest';
import type { CancellationDto } from '../../../contract';
import { cancelBlock, cancelSummary } from './cancelRules';

const DEP = '2026-01-05T10:00:00.000Z';
const depMin = Date.parse(DEP) / 60_000;
const flight = { salida: DEP, cancelado: false };
const at = (t: number, velocidad: number | null = 600) => ({
  t,
  velocidad,
  enAire: 800,
  estado: 'en_curso' as const,
  simulacion: 'r1',
});

describe('cuándo se puede cancelar un vuelo desde su tarjeta', () => {
  it('en tierra, en una simulación en marcha: sí', () => {
    expect(cancelBlock(flight, at(depMin - 1), false)).toBeNull();
    // A máxima velocidad la velocidad es null: la corrida se mueve.
    expect(cancelBlock(flight, at(depMin - 30, null), false)).toBeNull();
  });

  it('desde el minuto del despegue, nunca', () => {
    expect(cancelBlock(flight, at(depMin), false)).toMatch(/Ya despegó/);
    expect(cancelBlock(flight, at(depMin + 90), false)).toMatch(/antes del despegue/);
  });

  it('sin el instante del flujo, un vuelo que está en el aire cuenta como despegado', () => {
    expect(cancelBlock(flight, null, true)).toMatch(/Ya despegó/);
    expect(cancelBlock(flight, null, false)).toBeNull();
  });

  it('ni un vuelo ya cancelado ni en una simulación detenida', () => {
    expect(cancelBlock({ ...flight, cancelado: true }, at(depMin - 1), false)).toBe(
      'El vuelo ya está cancelado.',
    );
    expect(cancelBlock(flight, at(depMin - 1, 0), false)).toMatch(/no está en curso/);
  });
});

const result = (over: Partial<CancellationDto>): CancellationDto => ({
  message: '',
  vuelo: 'SPIM-SKBO-10:00 del 2026-01-05 10:00 UTC',
  pedidosAfectados: 0,
  aTiempo: 0,
  atrasados: 0,
  sinRuta: 0,
  pedidos: [],
  ...over,
});

describe('lo que dice la tarjeta tras cancelar', () => {
  it('cuántos productos y pedidos se replanificaron, y que ninguno quedó atrasado', () => {
    const s = cancelSummary({
      productos: 40,
      result: result({
        pedidosAfectados: 2,
        aTiempo: 2,
        pedidos: [
          { pedido: 'A-1', estado: 'a_tiempo' },
          { pedido: 'A-2', estado: 'a_tiempo' },
        ],
      }),
    });
    expect(s.replanned).toBe('Vuelo cancelado: se replanificaron 40 productos de 2 pedidos.');
    expect(s.lateness).toBe('Ningún pedido quedó atrasado: todos siguen a tiempo.');
    expect(s.hurt).toEqual([]);
  });

  it('los pedidos que quedaron atrasados o sin ruta, por su clave', () => {
    const s = cancelSummary({
      productos: 1,
      result: result({
        pedidosAfectados: 3,
        aTiempo: 1,
        atrasados: 1,
        sinRuta: 1,
        pedidos: [
          { pedido: 'A-1', estado: 'a_tiempo' },
          { pedido: 'A-2', estado: 'atrasado' },
          { pedido: 'A-3', estado: 'sin_ruta' },
        ],
      }),
    });
    expect(s.replanned).toBe('Vuelo cancelado: se replanificaron 1 producto de 3 pedidos.');
    expect(s.lateness).toBe('1 pedido quedó atrasado y 1 pedido quedó sin ruta.');
    expect(s.hurt).toEqual(['A-2', 'A-3']);
  });

  it('un vuelo vacío: nada que replanificar', () => {
    const s = cancelSummary({ productos: 0, result: result({}) });
    expect(s.replanned).toMatch(/no llevaba productos/);
    expect(s.lateness).toBe('');
  });
});
