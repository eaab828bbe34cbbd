import type { PickOption } from './SearchPick';

/** Spec 3: the component's default options are hard-coded samples. */
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
