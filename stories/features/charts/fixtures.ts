import type { RunSeries, WarehouseSeries } from '../../../src/features/charts/chartTypes';

/** Run histories for the chart stories: a week sampled every 30 simulated minutes, made by formula. */

const START = Date.UTC(2026, 0, 5);
const STEP = 30 * 60_000;
const WEEK = 7 * 24 * 3_600_000;

const AIRPORTS = [
  ['SPIM', 'Lima (SPIM)', 440],
  ['SKBO', 'Bogotá (SKBO)', 430],
  ['EBCI', 'Bruselas (EBCI)', 460],
  ['UBBB', 'Bakú (UBBB)', 420],
  ['EDDI', 'Berlín (EDDI)', 400],
  ['RJTT', 'Tokio (RJTT)', 480],
  ['KLAX', 'Los Ángeles (KLAX)', 450],
] as const;

/** A daily wave (busy afternoons) that grows with `growth` per day. */
const wave = (i: number, base: number, amp: number, growth = 0) => {
  const hours = (i * STEP) / 3_600_000;
  const day = hours / 24;
  return Math.max(0, base * (1 + growth * day) + amp * Math.sin(((hours % 24) / 24) * Math.PI * 2 - 1.2));
};

function series(
  samples: number,
  options: { collapseAt?: number; estado: RunSeries['estado']; fin: number | null },
): RunSeries {
  const t = Array.from({ length: samples }, (_, i) => START + i * STEP);
  const collapse = options.collapseAt ?? Number.POSITIVE_INFINITY;
  const growth = options.collapseAt ? 0.35 : 0.02;
  const almacenes: WarehouseSeries[] = AIRPORTS.map(([codigo, nombre, capacidad], k) => ({
    codigo,
    nombre,
    capacidad,
    ocupacion: t.map((_, i) =>
      Math.round(Math.min(capacidad, wave(i, capacidad * (0.25 + k * 0.07), capacidad * 0.12, growth))),
    ),
  }));
  return {
    estado: options.estado,
    inicio: START,
    fin: options.fin,
    t,
    // No order is delivered in the first hours; then the share slips as the network fills.
    aTiempoPct: t.map((ms, i) =>
      i < 8
        ? null
        : Math.max(
            0,
            100 -
              (ms > collapse - 12 * 3_600_000 ? (ms - (collapse - 12 * 3_600_000)) / 1_800_000 : 0) -
              (i % 7) * 0.1,
          ),
    ),
    pedidosEnTransito: t.map((_, i) => Math.round(wave(i, 900, 300, growth))),
    productosEnVuelo: t.map((_, i) => Math.round(wave(i, 2_000, 700, growth))),
    almacenes,
    colapso: options.collapseAt ?? null,
    umbrales: { limitado: 0.7, saturado: 0.9 },
  };
}

export const EMPTY_SERIES: RunSeries = {
  estado: 'en_curso',
  inicio: START,
  fin: START + WEEK,
  t: [],
  aTiempoPct: [],
  pedidosEnTransito: [],
  productosEnVuelo: [],
  almacenes: AIRPORTS.map(([codigo, nombre, capacidad]) => ({ codigo, nombre, capacidad, ocupacion: [] })),
  colapso: null,
};

/** Two and a half days into a week: the axis spans the whole week, the lines stop at now. */
export const RUNNING_SERIES = series(120, { estado: 'en_curso', fin: START + WEEK });

export const FINISHED_SERIES = series(WEEK / STEP + 1, { estado: 'terminada', fin: START + WEEK });

/** A collapse run: demand grows until, on the fourth day, an order cannot be served on time. */
export const COLLAPSED_SERIES = series(3.5 * 48 + 1, {
  estado: 'colapsada',
  fin: null,
  collapseAt: START + 3.5 * 24 * 3_600_000,
});
