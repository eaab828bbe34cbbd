import { describe, expect, it } from 'vitest';
import { formatSlack, formatSpan, newLateMessage, pageRange } from './exceptionFormat';

describe('textos de las excepciones', () => {
  it('la holgura se lee en horas y minutos, tarde cuando es negativa', () => {
    expect(formatSpan(45)).toBe('45 min');
    expect(formatSpan(130)).toBe('2 h 10 min');
    expect(formatSpan(360)).toBe('6 h');
    expect(formatSpan(1620)).toBe('1 d 3 h');
    expect(formatSlack(-320)).toBe('5 h 20 min tarde');
    expect(formatSlack(190)).toBe('3 h 10 min de margen');
    expect(formatSlack(null)).toBe('sin ruta completa');
    expect(formatSlack(null, '2026-01-07T20:00:00Z', '2026-01-07T15:00:00Z')).toBe('vence en 5 h');
    expect(formatSlack(null, '2026-01-07T20:00:00Z', '2026-01-08T15:00:00Z')).toBe('plazo vencido');
  });

  it('los atrasados nuevos se anuncian en un solo aviso, y nunca en la primera lectura', () => {
    expect(newLateMessage(null, 12)).toBeNull();
    expect(newLateMessage(12, 12)).toBeNull();
    expect(newLateMessage(12, 11)).toBeNull();
    expect(newLateMessage(12, 13)).toBe('1 pedido nuevo atrasado');
    expect(newLateMessage(12, 15)).toBe('3 pedidos nuevos atrasados');
  });

  it('la página dice qué filas muestra de cuántas', () => {
    expect(pageRange(1, 100, 240)).toBe('1–100 de 240');
    expect(pageRange(3, 100, 240)).toBe('201–240 de 240');
    expect(pageRange(1, 100, 0)).toBe('0 de 0');
  });
});
