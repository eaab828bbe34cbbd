import type { RunState } from '../../../contract';

/**
 * A run's history over simulated time, as the run charts draw it. Columnar: `t[i]` is the instant of
 * the i-th sample and every other array holds that sample's value at index i. Instants are epoch
 * milliseconds of simulated UTC time.
 */
export interface RunSeries {
  estado: RunState;
  /** The run's window: the x axis spans [inicio, fin]; an open run (fin null) ends at its last sample. */
  inicio: number;
  fin: number | null;
  /** Sample instants, ascending. */
  t: readonly number[];
  /** Share of the orders delivered so far that arrived on time, 0..100; null while none was delivered. */
  aTiempoPct: readonly (number | null)[];
  /** Orders received and not yet delivered. */
  pedidosEnTransito: readonly number[];
  /** Products aboard flights in the air. */
  productosEnVuelo: readonly number[];
  /** Products present in each airport's warehouse at each sample. */
  almacenes: readonly WarehouseSeries[];
  /** When the run collapsed, or null. */
  colapso: number | null;
  /** The load levels' thresholds (fractions of capacity), drawn as reference lines when known. */
  umbrales?: { limitado: number; saturado: number };
}

export interface WarehouseSeries {
  codigo: string;
  /** 'Ciudad (CODE)' or the code. */
  nombre: string;
  capacidad: number;
  ocupacion: readonly number[];
}
