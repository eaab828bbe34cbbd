import type { PickOption } from '../../src/components/SearchPick/SearchPick';
import type { SelectOption } from '../../src/components/Select/Select';

/** The spec's sample options. They live in stories only: the app shows what the server loaded. */
export const SAMPLE_FLIGHTS: readonly PickOption[] = ['AX101', 'AX205', 'AX318', 'AX442', 'AX560'].map(
  (id) => ({ id }),
);
export const SAMPLE_WAREHOUSES: readonly PickOption[] = [
  'WH-LIMA-01',
  'WH-CUSCO-02',
  'WH-PIURA-03',
  'WH-AREQUIPA-04',
].map((id) => ({ id }));
export const SAMPLE_ORDERS: readonly PickOption[] = [
  'PED-100231',
  'PED-100487',
  'PED-101052',
  'PED-102219',
].map((id) => ({
  id,
}));

/** The spec's sample regions and cities ("Todas" is added by the panel). */
export const SAMPLE_REGIONS: readonly SelectOption[] = [
  { value: 'andina', label: 'Andina' },
  { value: 'amazonica', label: 'Amazónica' },
  { value: 'costa', label: 'Costa' },
];
export const SAMPLE_CITIES: readonly SelectOption[] = [
  { value: 'lima', label: 'Lima' },
  { value: 'cusco', label: 'Cusco' },
  { value: 'piura', label: 'Piura' },
];
