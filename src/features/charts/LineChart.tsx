import { type KeyboardEvent, type PointerEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DAY_MS } from '../../../contract/time';
import { nearestIndex, niceMax, thin, timeTicks, yTicks } from './chartMath';
import * as styles from './LineChart.css';

export interface LineSeries {
  id: string;
  label: string;
  values: readonly (number | null)[];
  /** A theme var (e.g. vars.color.accent): the charts follow the light and dark themes. */
  color: string;
}

export interface ReferenceLine {
  /** Value on the y axis. */
  at: number;
  label: string;
  color: string;
}

export interface LineChartProps {
  title: string;
  /** Sample instants (epoch ms), ascending; every series has one value per instant. */
  t: readonly number[];
  series: readonly LineSeries[];
  /** The x axis: [from, to] in epoch ms. */
  domain: readonly [number, number];
  /** A fixed top for the y axis (100 for a share); otherwise a round number above the data. */
  yMax?: number;
  format: (value: number) => string;
  /** Vertical marks on the time axis (the collapse instant). */
  marks?: readonly { at: number; label: string }[];
  /** Horizontal reference lines (capacity thresholds). */
  references?: readonly ReferenceLine[];
  height?: number;
  emptyText?: string;
}

const PAD = { top: 8, right: 12, bottom: 20, left: 44 };

const dayFormat = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const hourFormat = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
export const formatInstant = (ms: number) => `${hourFormat.format(new Date(ms))} UTC`;

/** The width the chart gets from its container (SVG text must not be stretched by a viewBox). */
function useWidth(fallback = 480) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(160, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const lastValue = (values: readonly (number | null)[]) => {
  for (let i = values.length - 1; i >= 0; i--)
    if (values[i] !== null && values[i] !== undefined) return values[i] as number;
  return null;
};

/**
 * A time series chart in plain SVG: lines thinned to the pixels they get, time and value axes, marks
 * and reference lines, and a reading of the sample under the pointer (or the arrow keys). Colours are
 * theme vars, so it follows the theme without redrawing.
 */
export function LineChart({
  title,
  t,
  series,
  domain,
  yMax,
  format,
  marks = [],
  references = [],
  height = 160,
  emptyText = 'Sin datos todavía',
}: LineChartProps) {
  const [ref, width] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const titleId = useId();
  const [from, to] = domain;
  const plotW = Math.max(1, width - PAD.left - PAD.right);
  const plotH = Math.max(1, height - PAD.top - PAD.bottom);
  const top = useMemo(() => {
    if (yMax !== undefined) return yMax;
    let max = 0;
    for (const s of series) for (const v of s.values) if (v !== null && v > max) max = v;
    for (const r of references) max = Math.max(max, r.at);
    return niceMax(max);
  }, [series, references, yMax]);
  const x = (ms: number) => PAD.left + ((ms - from) / Math.max(1, to - from)) * plotW;
  const y = (v: number) => PAD.top + plotH - (Math.min(v, top * 1.05) / top) * plotH;
  const lines = useMemo(() => {
    const toX = (ms: number) => PAD.left + ((ms - from) / Math.max(1, to - from)) * plotW;
    const toY = (v: number) => PAD.top + plotH - (Math.min(v, top * 1.05) / top) * plotH;
    return series.map((s) => ({
      ...s,
      d: thin(t, s.values, toX)
        .map((run) =>
          run.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${toY(p.y).toFixed(1)}`).join(''),
        )
        .join(''),
    }));
  }, [series, t, from, to, plotW, top, plotH]);
  // Day labels ('dd/mm') need about 50 px, hour labels ('dd/mm, hh:mm') about 90.
  const labelPx = to - from > 2 * DAY_MS ? 50 : 90;
  const { ticks, days } = timeTicks(from, to, Math.max(2, Math.floor(plotW / labelPx)));
  const empty = t.length === 0;
  const shown = hover ?? (empty ? null : t.length - 1);
  const reading =
    shown === null
      ? ''
      : `${formatInstant(t[shown] as number)} · ${series
          .map((s) => {
            const v = s.values[shown];
            return `${series.length > 1 ? `${s.label} ` : ''}${v === null || v === undefined ? '—' : format(v)}`;
          })
          .join(' · ')}`;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const ms = from + ((event.clientX - box.left - PAD.left) / plotW) * (to - from);
    setHover(nearestIndex(t, ms));
  };
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (empty) return;
    const current = hover ?? t.length - 1;
    const next =
      event.key === 'ArrowLeft'
        ? current - 1
        : event.key === 'ArrowRight'
          ? current + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? t.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setHover(Math.max(0, Math.min(t.length - 1, next)));
  };
  const summary = empty
    ? `${title}: ${emptyText}`
    : `${title}: ${series
        .map((s) => {
          const v = lastValue(s.values);
          return `${s.label} ${v === null ? 'sin dato' : format(v)}`;
        })
        .join(', ')} a las ${formatInstant(t[t.length - 1] as number)}`;

  return (
    <figure className={styles.figure} data-chart={title} data-samples={t.length}>
      <div className={styles.header}>
        <figcaption id={titleId} className={styles.title}>
          {title}
        </figcaption>
        <p className={styles.reading} aria-live="polite">
          {reading}
        </p>
      </div>
      <div ref={ref} className={styles.plot}>
        <svg
          className={styles.svg}
          width={width}
          height={height}
          role="img"
          aria-label={summary}
          tabIndex={empty ? -1 : 0}
          onPointerMove={empty ? undefined : onPointer}
          onPointerLeave={() => setHover(null)}
          onKeyDown={onKey}
          onBlur={() => setHover(null)}
        >
          {yTicks(top).map((v) => (
            <g key={v}>
              <line className={styles.grid} x1={PAD.left} x2={PAD.left + plotW} y1={y(v)} y2={y(v)} />
              <text className={styles.axisText} x={PAD.left - 6} y={y(v) + 3} textAnchor="end">
                {format(v)}
              </text>
            </g>
          ))}
          {ticks.map((ms) => (
            <text key={ms} className={styles.axisText} x={x(ms)} y={height - 4} textAnchor="middle">
              {days ? dayFormat.format(new Date(ms)) : hourFormat.format(new Date(ms))}
            </text>
          ))}
          {references.map((r) => (
            <line
              key={r.label}
              x1={PAD.left}
              x2={PAD.left + plotW}
              y1={y(r.at)}
              y2={y(r.at)}
              strokeDasharray="3 3"
              style={{ stroke: r.color }}
            >
              <title>{r.label}</title>
            </line>
          ))}
          {lines.map((s) => (
            <path key={s.id} className={styles.line} d={s.d} style={{ stroke: s.color }} data-series={s.id} />
          ))}
          {marks.map((m) =>
            m.at >= from && m.at <= to ? (
              <g key={m.label} data-mark={m.label}>
                <line className={styles.mark} x1={x(m.at)} x2={x(m.at)} y1={PAD.top} y2={PAD.top + plotH} />
                <text className={styles.markText} x={x(m.at) - 4} y={PAD.top + 10} textAnchor="end">
                  {m.label}
                </text>
              </g>
            ) : null,
          )}
          {hover !== null && !empty ? (
            <line
              className={styles.crosshair}
              x1={x(t[hover] as number)}
              x2={x(t[hover] as number)}
              y1={PAD.top}
              y2={PAD.top + plotH}
            />
          ) : null}
          {empty ? (
            <text
              className={styles.empty}
              x={PAD.left + plotW / 2}
              y={PAD.top + plotH / 2}
              textAnchor="middle"
            >
              {emptyText}
            </text>
          ) : null}
        </svg>
      </div>
      {series.length > 1 || references.length > 0 ? (
        <ul className={styles.legend}>
          {series.map((s) => (
            <li key={s.id} className={styles.legendItem}>
              <span className={styles.swatch} style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
          {references.map((r) => (
            <li key={r.label} className={styles.legendItem}>
              <span className={styles.swatch} style={{ background: r.color }} />
              {r.label}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
