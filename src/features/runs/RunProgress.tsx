import type { RunDto } from '../../../contract';
import { ProgressBar } from '../../components/ProgressBar/ProgressBar';
import { formatCount, formatDecimal, formatDuration, formatPercent, formatSpeed } from './format';
import * as styles from './RunProgress.css';
import { simulatedDays, weekProgress } from './runProgress';

/** What is left of a weekly run, in words. */
function leftText(run: RunDto, secondsLeft: number | null): string {
  if (run.estado === 'terminada') return 'Semana completa';
  if (run.estado === 'pausada') return 'En pausa';
  if (run.estado !== 'en_curso') return 'Detenida';
  if (run.velocidad === 'max') return 'A velocidad máxima';
  return secondsLeft === null ? '' : `Quedan ${formatDuration(secondsLeft)} a ${formatSpeed(run.velocidad)}`;
}

/**
 * A run's progress at the screen clock's instant. A week: a bar over [inicio, fin] and the wall time
 * left at its speed. A collapse search: simulated days, orders planned, the demand factor reached, and
 * the busiest flights (the strip beside it names the busiest warehouse).
 */
export function RunProgress({ run, nowMs }: { run: RunDto; nowMs: number }) {
  if (run.modo === 'semanal') {
    const p = weekProgress(run, nowMs);
    if (!p) return null;
    return (
      <div className={styles.week} data-testid="run-progress" data-fraction={p.fraction.toFixed(4)}>
        <ProgressBar
          label="Progreso de la semana"
          value={p.fraction * 100}
          formatOptions={{ style: 'percent', maximumFractionDigits: 0 }}
          valueLabel={formatPercent(Math.floor(p.fraction * 1000) / 10)}
        />
        <span className={styles.left}>{leftText(run, p.secondsLeft)}</span>
      </div>
    );
  }
  if (run.modo !== 'colapso') return null;
  const g = run.progreso;
  const flights = g.vuelosMasOcupados.slice(0, 3);
  return (
    <dl className={styles.collapse} data-testid="run-progress" aria-label="Búsqueda del colapso">
      <div className={styles.fact}>
        <dt className={styles.term}>Días simulados</dt>
        <dd className={styles.value}>{formatDecimal(simulatedDays(run, nowMs))}</dd>
      </div>
      <div className={styles.fact}>
        <dt className={styles.term}>Pedidos planificados</dt>
        <dd className={styles.value}>{formatCount(g.pedidosPlanificados)}</dd>
      </div>
      <div className={styles.fact}>
        <dt className={styles.term}>Demanda</dt>
        <dd className={styles.value}>
          {g.factorDemanda === null ? '—' : `×${formatDecimal(g.factorDemanda)}`}
        </dd>
      </div>
      <div className={styles.fact}>
        <dt className={styles.term}>Vuelos más llenos</dt>
        <dd className={styles.value}>
          {flights.length === 0
            ? '—'
            : flights.map((f) => `${f.nombre} ${formatPercent(f.porcentaje)}`).join(' · ')}
        </dd>
      </div>
    </dl>
  );
}
