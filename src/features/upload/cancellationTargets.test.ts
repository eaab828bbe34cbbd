import { describe, expect, it } from 'vitest';
import { cancellationTargets, targetsText } from './cancellationTargets';

describe('a qué corridas se aplica un archivo de cancelaciones', () => {
  it('a las que están en curso; la operación diaria sin corrida propia es el tiempo real, siempre en curso', () => {
    expect(cancellationTargets([])).toEqual(['operacion']);
    expect(
      cancellationTargets([
        { modo: 'semanal', estado: 'en_curso' },
        { modo: 'colapso', estado: 'colapsada' },
      ]),
    ).toEqual(['operacion', 'semanal']);
    expect(
      cancellationTargets([
        { modo: 'colapso', estado: 'en_curso' },
        { modo: 'operacion', estado: 'detenida' },
      ]),
    ).toEqual(['colapso']);
  });

  it('las nombra como la navegación', () => {
    expect(targetsText(['operacion'])).toBe('Operación Diaria');
    expect(targetsText(['operacion', 'semanal', 'colapso'])).toBe(
      'Operación Diaria, Simulación Semanal y Colapso',
    );
  });
});
