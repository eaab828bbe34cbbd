import { describe, expect, it } from 'vitest';
import type { AirportDto } from '../../../contract';
import { highlightCollection } from './mapHighlight';

const airports: AirportDto[] = [
  { codigo: 'SPIM', ciudad: 'Lima', lon: -77.1, lat: -12.02 },
  { codigo: 'SKBO', ciudad: 'Bogotá', lon: -74.14, lat: 4.7 },
] as AirportDto[];

describe('map highlight', () => {
  it('a ring per marked airport and a route per marked flight; unknown airports are left out', () => {
    const c = highlightCollection(
      {
        airports: ['SKBO', 'XXXX'],
        flights: [
          { id: 'SPIM-SKBO-08:10@1', origen: 'SPIM', destino: 'SKBO' },
          { id: 'SPIM-XXXX-09:00@1', origen: 'SPIM', destino: 'XXXX' },
        ],
      },
      airports,
    );
    expect(c.features.map((f) => [f.properties?.kind, f.properties?.id, f.geometry.type])).toEqual([
      ['route', 'SPIM-SKBO-08:10@1', 'MultiLineString'],
      ['airport', 'SKBO', 'Point'],
    ]);
    expect(highlightCollection(null, airports).features).toEqual([]);
  });
});
