import { describe, expect, it } from 'vitest';
import type { RunDto } from '../../../contract';
import { EMPTY_FILTERS } from '../filters/filterAtoms';
import { runToStart } from './startRunFor';

const run = (over: Partial<RunDto>): RunDto =>
  ({
    id: 'r1',
    modo: 'semanal',
    estado: 'en_curso',
    inicio: '2025-12-01T08:00:00.000Z',
    fin: '2025-12-08T08:00:00.000Z',
    velocidad: 168,
    ahora: '2025-12-01T08:00:00.000Z',
    creadoEn: '2025-12-01T08:00:00.000Z',
    kpis: {} as RunDto['kpis'],
    reporte: null,
    ...over,
  }) as RunDto;

describe('what applying the panel starts', () => {
  const week = {
    ...EMPTY_FILTERS,
    inicio: new Date('2025-12-01T08:00Z'),
    fin: new Date('2025-12-08T08:00Z'),
  };

  it('starts the weekly run for [inicio, fin] unless that exact week is the current run', () => {
    expect(runToStart('semanal', week, null)).toEqual({
      modo: 'semanal',
      inicio: '2025-12-01T08:00:00.000Z',
      fin: '2025-12-08T08:00:00.000Z',
    });
    expect(runToStart('semanal', week, run({}))).toBeNull();
    expect(runToStart('semanal', { ...week, fin: new Date('2025-12-03T00:00Z') }, run({}))?.fin).toBe(
      '2025-12-03T00:00:00.000Z',
    );
  });

  it('re-bases daily operation when inicio changes', () => {
    const op = run({ modo: 'operacion', fin: null });
    expect(runToStart('operacion', { ...week, fin: undefined }, op)).toBeNull();
    expect(runToStart('operacion', { ...week, inicio: new Date('2025-12-02T00:00Z') }, op)).toEqual({
      modo: 'operacion',
      inicio: '2025-12-02T00:00:00.000Z',
    });
  });

  it('starts a collapse run unless one is moving', () => {
    expect(runToStart('colapso', EMPTY_FILTERS, null)).toEqual({ modo: 'colapso' });
    expect(runToStart('colapso', EMPTY_FILTERS, run({ modo: 'colapso' }))).toBeNull();
    expect(runToStart('colapso', EMPTY_FILTERS, run({ modo: 'colapso', estado: 'colapsada' }))).toEqual({
      modo: 'colapso',
    });
  });
});
