import { describe, expect, it } from 'vitest';
import type { RunDto } from '../../../contract';
import { airportLabel, flightLabel, formatDayUtc, formatDuration, runOutcome } from './reportFormat';

describe('report wording', () => {
  it('names a flight by its route with the local and the UTC departure', () => {
    const f = { origen: 'SPIM', destino: 'SEQM', salidaLocal: '21:09', salida: '2026-01-20T02:09:00.000Z' };
    expect(flightLabel(f)).toBe('SPIM → SEQM 21:09 local · 02:09 UTC');
  });

  it("names airports 'city (code)', the code alone when the city is unknown", () => {
    const airports = [{ codigo: 'SPIM', ciudad: 'Lima' }];
    expect(airportLabel('SPIM', airports)).toBe('Lima (SPIM)');
    expect(airportLabel('SKBO', airports)).toBe('SKBO');
    expect(airportLabel('SKBO', airports, 'Bogotá')).toBe('Bogotá (SKBO)');
  });

  it('reads wall time in seconds, minutes or hours', () => {
    expect(formatDuration(0.4)).toBe('0 s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(5_160)).toBe('1 h 26 min');
  });

  it('a collapsed run ends in its report, a finished or stopped one in its summary, a running one in nothing', () => {
    const base = { estado: 'en_curso', reporte: null, resumen: null } as unknown as RunDto;
    const summary = { pedidos: 1 } as RunDto['resumen'];
    const report = { fecha: '2026-01-01T00:00:00.000Z' } as RunDto['reporte'];
    expect(runOutcome(base)).toBeNull();
    expect(runOutcome({ ...base, estado: 'colapsada', reporte: report })?.kind).toBe('report');
    expect(runOutcome({ ...base, estado: 'terminada', resumen: summary })?.kind).toBe('summary');
    expect(runOutcome({ ...base, estado: 'detenida', resumen: summary })?.kind).toBe('summary');
    expect(runOutcome({ ...base, estado: 'en_curso', resumen: summary })).toBeNull();
  });
});

describe('departure day', () => {
  it('is the UTC day, two digits each', () => {
    expect(formatDayUtc('2026-01-04T23:49:00.000Z')).toBe('04/01');
  });
});
