import { CalendarDateTime } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import type { AirportDto } from '../../../contract';
import {
  ALL,
  airportMatches,
  canApply,
  clearedDraft,
  DEFAULT_LEVELS,
  EMPTY_DRAFT,
  type FilterDraft,
  flightVisible,
  foldName,
  toAppliedFilters,
} from './filterAtoms';
import { citiesOf, regionsOf } from './options';

const FILLED: FilterDraft = {
  inicio: new CalendarDateTime(2026, 1, 5, 8, 30),
  fin: new CalendarDateTime(2026, 1, 12, 0, 0),
  niveles: { disponible: false, limitado: true, saturado: true },
  region: 'europa',
  ciudad: 'bruselas',
  vuelo: 'EBBR-SPIM-10:00',
  almacen: 'EBBR',
  pedido: 'SPIM-000000001',
  masFiltros: true,
};

describe('filter panel rules', () => {
  it('Aplicar needs inicio and fin on simulacion, inicio on operacion, nothing on colapso', () => {
    expect(canApply('simulacion', { ...EMPTY_DRAFT, inicio: FILLED.inicio })).toBe(false);
    expect(canApply('simulacion', { ...EMPTY_DRAFT, inicio: FILLED.inicio, fin: FILLED.fin })).toBe(true);
    expect(canApply('operacion', { ...EMPTY_DRAFT, fin: FILLED.fin })).toBe(false);
    expect(canApply('operacion', { ...EMPTY_DRAFT, inicio: FILLED.inicio })).toBe(true);
    expect(canApply('colapso', EMPTY_DRAFT)).toBe(true);
  });

  it('applies dates as UTC Dates only where the variant has them, and "Todas" as null', () => {
    expect(toAppliedFilters('simulacion', FILLED)).toEqual({
      inicio: new Date('2026-01-05T08:30:00Z'),
      fin: new Date('2026-01-12T00:00:00Z'),
      niveles: FILLED.niveles,
      region: 'europa',
      ciudad: 'bruselas',
      vuelo: 'EBBR-SPIM-10:00',
      almacen: 'EBBR',
      pedido: 'SPIM-000000001',
    });
    const op = toAppliedFilters('operacion', FILLED);
    expect(op.inicio).toEqual(new Date('2026-01-05T08:30:00Z'));
    expect('fin' in op).toBe(false);
    const col = toAppliedFilters('colapso', { ...FILLED, region: ALL, ciudad: ALL });
    expect('inicio' in col || 'fin' in col).toBe(false);
    expect(col.region).toBeNull();
    expect(col.ciudad).toBeNull();
  });

  it('Limpiar clears dates, region, city and picks and restores the level defaults', () => {
    const cleared = clearedDraft(FILLED);
    expect(cleared).toEqual({ ...EMPTY_DRAFT, masFiltros: true });
    expect(cleared.niveles).toEqual(DEFAULT_LEVELS);
  });
});

describe('region and city filters on the map', () => {
  const airports: AirportDto[] = [
    { codigo: 'SPIM', ciudad: 'Lima', lon: 0, lat: 0, continente: 'America' },
    { codigo: 'EBBR', ciudad: 'Bruselas', lon: 0, lat: 0, continente: 'Europa' },
    { codigo: 'LOWW', ciudad: 'Viena', lon: 0, lat: 0, continente: 'Europa' },
    { codigo: 'XXXX', ciudad: null, lon: 0, lat: 0 },
  ];

  it('folds names so values never carry accents or case', () => {
    expect(foldName(' Amazónica ')).toBe('amazonica');
  });

  it('keeps airports of the region and city', () => {
    const europe = airports.filter((a) => airportMatches(a, 'europa', null)).map((a) => a.codigo);
    expect(europe).toEqual(['EBBR', 'LOWW']);
    expect(airports.filter((a) => airportMatches(a, 'europa', 'viena')).map((a) => a.codigo)).toEqual([
      'LOWW',
    ]);
  });

  it('keeps a flight when either end is a visible airport', () => {
    const codes = new Set(['EBBR']);
    expect(flightVisible(codes, 'SPIM', 'EBBR')).toBe(true);
    expect(flightVisible(codes, 'SPIM', 'LOWW')).toBe(false);
    expect(flightVisible(null, 'SPIM', 'LOWW')).toBe(true);
  });

  it('offers the loaded continents and the chosen region cities, never an empty value', () => {
    expect(regionsOf(airports)).toEqual([
      { value: 'america', label: 'America' },
      { value: 'europa', label: 'Europa' },
    ]);
    expect(citiesOf(airports, 'europa').map((c) => c.value)).toEqual(['bruselas', 'viena']);
    for (const o of [...regionsOf(airports), ...citiesOf(airports, null)]) expect(o.value).not.toBe('');
  });
});
