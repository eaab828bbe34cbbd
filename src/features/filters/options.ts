import type { AirportDto } from '../../../contract';
import type { PickOption } from '../../components/SearchPick/SearchPick';
import type { SelectOption } from '../../components/Select/Select';
import { ALL, foldName } from './filterAtoms';

export const ALL_OPTION: SelectOption = { value: ALL, label: 'Todas' };

const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label, 'es');

/** The loaded airports' continents as regions (America, Europa, Asia). */
export function regionsOf(airports: readonly AirportDto[]): SelectOption[] {
  const seen = new Map<string, string>();
  for (const a of airports) if (a.continente) seen.set(foldName(a.continente), a.continente);
  return [...seen].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The loaded airports' cities, only those of the chosen region. */
export function citiesOf(airports: readonly AirportDto[], region: string | null): SelectOption[] {
  const seen = new Map<string, string>();
  for (const a of airports) {
    if (!a.ciudad || (region && foldName(a.continente ?? '') !== region)) continue;
    seen.set(foldName(a.ciudad), a.ciudad);
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** Airports as warehouses, named 'city (code)'. */
export function warehousesOf(airports: readonly AirportDto[]): PickOption[] {
  return airports.map((a) => ({
    id: a.codigo,
    label: a.codigo,
    description: [a.ciudad, a.pais].filter(Boolean).join(', '),
  }));
}
