import { useMemo, useState } from 'react';
import { HOUR_MIN, MINUTE_MS } from '../../../contract/time';
import { Select } from '../../components/Select/Select';
import { RUN_STATE_LABEL } from '../../lib/labels';
import { vars } from '../../styles/theme.css';
import type { RunSeries, WarehouseSeries } from './chartTypes';
import { formatInstant, LineChart } from './LineChart';
import * as styles from './RunCharts.css';

/** How many of the busiest warehouses the occupancy section shows besides the one picked. */
export const BUSIEST_WAREHOUSES = 4;

const count = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
const formatCount = (v: number) => count.format(v);
const formatPct = (v: number) => `${Math.round(v)} %`;
const HOUR_MS = HOUR_MIN * MINUTE_MS;

/** Peak occupancy of a warehouse, as a fraction of its capacity. */
const peak = (w: WarehouseSeries) =>
  w.capacidad > 0 ? w.ocupacion.reduce((m, v) => Math.max(m, v), 0) / w.capacidad : 0;

/** The warehouses fullest at their peak, fullest first (ties by code, so the choice is stable). */
export function busiestWarehouses(series: RunSeries, n = BUSIEST_WAREHOUSES): WarehouseSeries[] {
  return [...series.almacenes]
    .sort((a, b) => peak(b) - peak(a) || (a.codigo < b.codigo ? -1 : 1))
    .slice(0, n);
}

export function stateText(series: RunSeries | null): string {
  if (!series || series.t.length === 0) return 'Sin datos todavía: la simulación no ha empezado';
  const last = formatInstant(series.t[series.t.length - 1] as number);
  const label = RUN_STATE_LABEL[series.estado];
  switch (series.estado) {
    case 'en_curso':
      return `${label} · hasta ${last}`;
    case 'colapsada':
      return `${label} el ${formatInstant(series.colapso ?? (series.t[series.t.length - 1] as number))}`;
    default:
      return `${label} · ${last}`;
  }
}

const EMPTY: RunSeries = {
  estado: 'en_curso',
  inicio: 0,
  fin: null,
  t: [],
  aTiempoPct: [],
  pedidosEnTransito: [],
  productosEnVuelo: [],
  almacenes: [],
  colapso: null,
};

export interface RunChartsProps {
  /** null while the history is on its way. */
  series: RunSeries | null;
  /** Heading over the charts (the run's name on its screen). */
  title?: string;
}

/**
 * A run's charts over simulated time: on-time share of delivered orders, orders in transit, products
 * in the air, and the occupancy of the busiest warehouses and of any airport picked, each with the
 * collapse instant marked.
 */
export function RunCharts({ series, title = 'Evolución de la simulación' }: RunChartsProps) {
  const s = series ?? EMPTY;
  const empty = s.t.length === 0;
  const last = empty ? s.inicio : (s.t[s.t.length - 1] as number);
  // An open run's axis ends at its last sample; a window (or a finished run) spans all of it.
  const domain: [number, number] = empty
    ? [s.inicio, s.fin ?? s.inicio + HOUR_MS]
    : [s.inicio, Math.max(s.fin ?? last, s.inicio + HOUR_MS)];
  const marks = s.colapso !== null ? [{ at: s.colapso, label: 'Colapso' }] : [];
  const busiest = useMemo(() => busiestWarehouses(s), [s]);
  const [picked, setPicked] = useState<string | null>(null);
  const pickedSeries = s.almacenes.find((w) => w.codigo === picked);
  const shown = pickedSeries && !busiest.includes(pickedSeries) ? [...busiest, pickedSeries] : busiest;
  const options = useMemo(
    () =>
      [...s.almacenes]
        .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'))
        .map((w) => ({ value: w.codigo, label: w.nombre })),
    [s.almacenes],
  );
  const references = s.umbrales
    ? [
        { at: s.umbrales.limitado * 100, label: 'Limitado', color: vars.load.limitado },
        { at: s.umbrales.saturado * 100, label: 'Saturado', color: vars.load.saturado },
      ]
    : [];
  const common = { t: s.t, domain, marks } as const;

  return (
    <section className={styles.root} aria-label={title} data-estado={series ? s.estado : 'cargando'}>
      <header className={styles.header}>
        <h2 className={styles.heading}>{title}</h2>
        <p className={styles.state} aria-live="polite">
          {series ? stateText(s) : 'Cargando la historia de la simulación...'}
        </p>
      </header>
      <div className={styles.grid}>
        <LineChart
          {...common}
          title="Pedidos entregados a tiempo"
          series={[{ id: 'a-tiempo', label: 'A tiempo', values: s.aTiempoPct, color: vars.color.success }]}
          yMax={100}
          format={formatPct}
          emptyText={empty ? 'Sin datos todavía' : 'Ningún pedido entregado aún'}
        />
        <LineChart
          {...common}
          title="Pedidos en tránsito"
          series={[
            {
              id: 'en-transito',
              label: 'En tránsito',
              values: s.pedidosEnTransito,
              color: vars.color.accent,
            },
          ]}
          format={formatCount}
        />
        <LineChart
          {...common}
          title="Productos en vuelo"
          series={[
            { id: 'en-vuelo', label: 'En vuelo', values: s.productosEnVuelo, color: vars.color.warning },
          ]}
          format={formatCount}
        />
      </div>
      <section className={styles.section} aria-label="Ocupación de almacenes">
        <div className={styles.sectionHeader}>
          <h3 className={styles.sectionTitle}>Ocupación de almacenes (% de su capacidad)</h3>
          <div className={styles.picker}>
            <Select
              label="Otro aeropuerto"
              placeholder="Elegir aeropuerto"
              options={options}
              value={picked}
              onChange={setPicked}
              isDisabled={options.length === 0}
            />
          </div>
        </div>
        <div className={styles.grid}>
          {shown.length === 0 ? (
            <LineChart {...common} title="Almacenes" series={[]} yMax={100} format={formatPct} />
          ) : (
            shown.map((w) => (
              <LineChart
                key={w.codigo}
                {...common}
                title={w.nombre}
                series={[
                  {
                    id: w.codigo,
                    label: w.codigo,
                    values: w.ocupacion.map((v) => (w.capacidad > 0 ? (v / w.capacidad) * 100 : 0)),
                    color: vars.color.accent,
                  },
                ]}
                yMax={100}
                format={formatPct}
                references={references}
                height={120}
              />
            ))
          )}
        </div>
      </section>
    </section>
  );
}
