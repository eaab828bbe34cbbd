import type { RunDto, RunResultDto } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { formatCount, formatPercent, formatSimTime, formatSpeed } from './format';
import { Kpi, OutcomeCard, OutcomeSection } from './OutcomeCard';
import * as styles from './OutcomeCard.css';
import { type AirportNames, airportLabel, flightLabel, formatDayUtc, formatDuration } from './reportFormat';

export interface RunSummaryCardProps {
  /** The run (its dates, speed, state and mode title the card). */
  run: Pick<RunDto, 'id' | 'modo' | 'estado' | 'inicio' | 'fin' | 'ahora' | 'velocidad'>;
  summary: RunResultDto;
  airports?: AirportNames;
  onClose?: () => void;
  onShowWarehouse?: (code: string) => void;
  onShowFlight?: (id: string) => void;
}

export function summaryTitle(run: Pick<RunDto, 'modo' | 'estado'>): string {
  if (run.estado === 'detenida') return 'Simulación detenida';
  return run.modo === 'colapso' ? 'Búsqueda terminada sin colapso' : 'Simulación terminada';
}

const share = (n: number, total: number) => (total > 0 ? ` (${formatPercent((n / total) * 100)})` : '');

/** How a run that reached its end (or was stopped) went: orders, punctuality, peaks and the wall time. */
export function RunSummaryCard({
  run,
  summary: s,
  airports = [],
  onClose,
  onShowWarehouse,
  onShowFlight,
}: RunSummaryCardProps) {
  const end = run.fin ?? run.ahora;
  const w = s.picoAlmacen;
  const f = s.picoVuelo;
  return (
    <OutcomeCard
      title={summaryTitle(run)}
      subtitle={`${formatSimTime(run.inicio)} – ${formatSimTime(end)} · ${formatSpeed(run.velocidad)}`}
      tone="neutral"
      closeLabel="Cerrar resumen"
      onClose={onClose}
      runId={run.id}
    >
      <OutcomeSection title={`Pedidos (${formatCount(s.pedidos)})`}>
        <dl className={styles.kpis}>
          <Kpi
            term="Entregados a tiempo"
            value={`${formatCount(s.entregadosATiempo)}${share(s.entregadosATiempo, s.pedidos)}`}
            tone="good"
          />
          <Kpi term="Entregados tarde" value={formatCount(s.entregadosTarde)} tone="warn" />
          <Kpi term="Sin ruta" value={formatCount(s.sinRuta)} tone="bad" />
          <Kpi term="En tránsito al final" value={formatCount(s.enTransito)} />
        </dl>
      </OutcomeSection>

      <OutcomeSection title="Uso de la red">
        <dl className={styles.stack}>
          <div className={styles.stackItem}>
            <dt className={styles.term}>Almacén más lleno</dt>
            <dd className={styles.value}>
              {w ? (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    className={styles.inlineAction}
                    onPress={() => onShowWarehouse?.(w.codigo)}
                  >
                    {airportLabel(w.codigo, airports, w.ciudad)}
                  </Button>
                  <span className={styles.muted}>
                    {formatPercent(w.porcentaje)} ({formatCount(w.ocupacion)} de {formatCount(w.capacidad)})
                    el {formatSimTime(w.fecha)}
                  </span>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div className={styles.stackItem}>
            <dt className={styles.term}>Vuelo más lleno</dt>
            <dd className={styles.value}>
              {f ? (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    className={styles.inlineAction}
                    onPress={() => onShowFlight?.(f.id)}
                  >
                    {flightLabel(f)}
                  </Button>
                  <span className={styles.muted}>
                    {formatPercent(f.porcentaje)} ({formatCount(f.carga)} de {formatCount(f.capacidad)}) el{' '}
                    {formatDayUtc(f.salida)}
                  </span>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        <dl className={styles.facts}>
          <dt className={styles.term}>Uso de vuelos</dt>
          <dd className={styles.value}>{formatPercent(s.utilizacionVuelos * 100)} de los asientos</dd>
          <dt className={styles.term}>Duración real</dt>
          <dd className={styles.value}>{formatDuration(s.segundosReales)}</dd>
        </dl>
      </OutcomeSection>
    </OutcomeCard>
  );
}
