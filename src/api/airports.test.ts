import { describe, expect, it } from 'vitest';
import { parseAirports } from './airports';

describe('the airports every screen reads', () => {
  it('gives each record a city or null and a yes/no headquarters mark, and drops unplaceable ones', () => {
    const airports = parseAirports([
      { codigo: 'SPIM', ciudad: 'Lima', lon: -77.1, lat: -12, sede: true, capacidad: 440 },
      { codigo: 'EBCI', lon: 4.45, lat: 50.46 },
      { codigo: 'NAN0', lon: Number.NaN, lat: 1 },
      { codigo: '', lon: 1, lat: 1 },
    ]);
    expect(airports).toEqual([
      { codigo: 'SPIM', ciudad: 'Lima', lon: -77.1, lat: -12, sede: true, capacidad: 440 },
      { codigo: 'EBCI', ciudad: null, lon: 4.45, lat: 50.46, sede: false },
    ]);
  });
});
