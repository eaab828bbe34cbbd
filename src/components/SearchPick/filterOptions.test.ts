import { describe, expect, it } from 'vitest';
import { filterOptions, type PickOption } from './SearchPick';

const OPTIONS: PickOption[] = [
  { id: 'SKBO-SEQM-08:10', description: 'Bogotá → Quito' },
  { id: 'SPIM-SKBO-14:00', label: 'Lima-Bogotá 14:00' },
  { id: 'EBCI-UBBB-22:00', description: 'Charleroi → Bakú' },
];
const ids = (options: readonly PickOption[]) => options.map((o) => o.id);

describe('pick list search', () => {
  it('matches the id, the label or the description, whatever the accents and case', () => {
    expect(ids(filterOptions(OPTIONS, 'bogota'))).toEqual(['SKBO-SEQM-08:10', 'SPIM-SKBO-14:00']);
    expect(ids(filterOptions(OPTIONS, 'BAKÚ'))).toEqual(['EBCI-UBBB-22:00']);
    expect(ids(filterOptions(OPTIONS, 'skbo-s'))).toEqual(['SKBO-SEQM-08:10']);
  });

  it('lists everything for an empty search and nothing for a text no option holds', () => {
    expect(filterOptions(OPTIONS, '  ')).toBe(OPTIONS);
    expect(filterOptions(OPTIONS, 'ZZ9')).toEqual([]);
  });
});
