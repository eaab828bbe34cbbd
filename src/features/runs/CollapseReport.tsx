import type { CollapseReportDto } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { formatCount, formatPercent, formatSimTime } from './format';
import { Kpi, OutcomeCard, OutcomeSection } from './OutcomeCard';
import * as styles from './OutcomeCard.css';
import { type AirportNames, airportLabel, flightLabel, formatDayUtc } from './reportFormat';

export const COLLAPSE_REPORT_TITLE = 'Colapso del sistema';

const days = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

export interface CollapseReportViewProps {
  report: CollapseReportDto;
  /** The loaded airports, to name them 'city (code)' (codes alone until they arrive). */
  airports?: AirportNames;
  runId?: string;
  onClose?: () => void;
  onShowWarehouse?: (code: string) => void;
  onShowFlight?: (id: string) => void;
  onShowOrder?: (key: string) => void;
}

/**
 * The end of a collapse search: when, which order could not be served, why, the warehouse and flights
 * that were full, and where the orders stood at that instant.
 */
export function CollapseReportView({
  report,
  airports = [],
  runId,
  onClose,
  onShowWarehouse,
  onShowFlight,
  onShowOrder,
}: CollapseReportViewProps) {
  const k = report.kpis;
  const w = report.almacen;
  return (
    <OutcomeCard
      title={COLLAPSE_REPORT_TITLE}
      subtitle={`${formatSimTime(report.fecha)} · día ${days.format(report.diasSimulados)} de la búsqueda`}
      tone="danger"
      closeLabel="Cerrar informe"
      onClose={onClose}
      runId={runId}
    >
      <dl className={styles.facts}>
        <dt className={styles.term}>Pedido</dt>
        <dd className={styles.value}>
          <Button
            size="sm"
            variant="ghost"
            className={styles.inlineAction}
            onPress={() => onShowOrder?.(report.pedido)}
          >
            {report.pedido}
          </Button>
        </dd>
        <dt className={styles.term}>Destino</dt>
        <dd className={styles.value}>{airportLabel(report.destino, airports)}</dd>
        {report.factorDemanda !== null ? (
          <>
            <dt className={styles.term}>Demanda</dt>
            <dd className={styles.value}>×{days.format(report.factorDemanda)} la de los pedidos cargados</dd>
          </>
        ) : null}
      </dl>

      <OutcomeSection title="Causa">
        <p className={styles.text}>{report.causa}</p>
      </OutcomeSection>

      {w ? (
        <OutcomeSection title="Almacén lleno">
          <div className={styles.listItem}>
            <Button size="sm" variant="secondary" onPress={() => onShowWarehouse?.(w.codigo)}>
              {airportLabel(w.codigo, airports, w.ciudad)}
            </Button>
            <span className={styles.muted}>
              {formatCount(w.ocupacion)} de {formatCount(w.capacidad)} ({formatPercent(w.porcentaje)})
            </span>
          </div>
          <p className={styles.text}>
            {/* Not full yet at the collapse: what is already planned fills it by the time the order's
                products would arrive (that later instant is not a fact of the collapse moment). */}
            {w.nivel === 'saturado'
              ? `Saturado desde el ${formatSimTime(w.desde)}.`
              : 'Al colapso aún tiene sitio, pero lo ya planificado lo llena antes de que lleguen los productos del pedido.'}
          </p>
        </OutcomeSection>
      ) : null}

      {report.vuelos.length > 0 ? (
        <OutcomeSection title={`Vuelos llenos (${report.vuelos.length})`}>
          <ul className={styles.list}>
            {report.vuelos.map((f) => (
              <li key={f.id} className={styles.listItem}>
                <Button
                  size="sm"
                  variant="ghost"
                  className={styles.inlineAction}
                  onPress={() => onShowFlight?.(f.id)}
                >
                  {flightLabel(f)}
                </Button>
                {/* The day tells apart two departures of the same daily flight. */}
                <span className={styles.figure}>
                  {formatDayUtc(f.salida)} · {formatCount(f.carga)}/{formatCount(f.capacidad)}
                </span>
              </li>
            ))}
          </ul>
        </OutcomeSection>
      ) : null}

      <OutcomeSection title={`Pedidos al colapso (${formatCount(k.pedidosRecibidos)})`}>
        <dl className={styles.kpis}>
          <Kpi term="Entregados a tiempo" value={formatCount(k.entregadosATiempo)} tone="good" />
          <Kpi term="Entregados tarde" value={formatCount(k.entregadosTarde)} tone="warn" />
          <Kpi term="Sin ruta" value={formatCount(k.sinRuta)} tone="bad" />
          <Kpi term="En tránsito" value={formatCount(k.enTransito)} />
        </dl>
        {k.enTransitoTarde > 0 ? (
          <p className={styles.muted}>
            De los en tránsito, {formatCount(k.enTransitoTarde)} llegarán tarde según el plan.
          </p>
        ) : null}
      </OutcomeSection>
    </OutcomeCard>
  );
}
