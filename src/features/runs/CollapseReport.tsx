import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { CollapseReportDto, RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { activeAirportAtom, selectedFlightIdAtom, selectedOrderKeyAtom } from '../map/mapAtoms';
import * as styles from './CollapseReport.css';
import { formatCount, formatPercent, formatSimTime } from './format';
import { currentRunAtom } from './runAtoms';

export interface CollapseReportViewProps {
  report: CollapseReportDto;
  onShowWarehouse?: (code: string) => void;
  onShowFlight?: (id: string) => void;
  onShowOrder?: (key: string) => void;
}

/** The end of a collapse run: when, which order could not be served, why, and where. */
export function CollapseReportView({
  report,
  onShowWarehouse,
  onShowFlight,
  onShowOrder,
}: CollapseReportViewProps) {
  return (
    <section className={styles.card} aria-labelledby="colapso-titulo">
      <h2 id="colapso-titulo" className={styles.title}>
        Colapso del sistema
      </h2>
      <dl className={styles.list}>
        <dt className={styles.term}>Fecha y hora</dt>
        <dd className={styles.value}>{formatSimTime(report.fecha)}</dd>
        <dt className={styles.term}>Pedido</dt>
        <dd className={styles.value}>
          <Button size="sm" variant="ghost" onPress={() => onShowOrder?.(report.pedido)}>
            {report.pedido}
          </Button>
        </dd>
        {report.almacen ? (
          <>
            <dt className={styles.term}>Almacén saturado</dt>
            <dd className={styles.value}>
              <Button size="sm" variant="ghost" onPress={() => onShowWarehouse?.(report.almacen!.codigo)}>
                {report.almacen.codigo}
              </Button>
            </dd>
          </>
        ) : null}
        <dt className={styles.term}>Pedidos recibidos</dt>
        <dd className={styles.value}>{formatCount(report.kpis.pedidosRecibidos)}</dd>
        <dt className={styles.term}>Entregados</dt>
        <dd className={styles.value}>
          {formatCount(report.kpis.entregadosATiempo)} a tiempo · {formatCount(report.kpis.entregadosTarde)}{' '}
          tarde
          {report.kpis.porcentajeATiempo === null
            ? ''
            : ` (${formatPercent(report.kpis.porcentajeATiempo)} a tiempo)`}
        </dd>
        <dt className={styles.term}>En tránsito</dt>
        <dd className={styles.value}>
          {formatCount(report.kpis.enTransito)} · {formatCount(report.kpis.enTransitoTarde)} irán tarde
        </dd>
        <dt className={styles.term}>Sin ruta</dt>
        <dd className={styles.value}>{formatCount(report.kpis.sinRuta)}</dd>
      </dl>
      <p className={styles.cause}>
        <strong>Causa: </strong>
        {report.causa}
      </p>
      {report.vuelos && report.vuelos.length > 0 ? (
        <div>
          <span className={styles.term}>Vuelos saturados</span>
          <div className={styles.links}>
            {report.vuelos.map((v) => (
              <Button key={v.id} size="sm" variant="secondary" onPress={() => onShowFlight?.(v.id)}>
                {v.nombre}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * On /colapso, once the run ends in collapse: the report, and the map highlights the saturated
 * warehouse (or the first saturated flight) once per run.
 */
export function CollapseReport({ mode }: { mode: RunMode }) {
  const run = useAtomValue(currentRunAtom(mode));
  const setAirport = useSetAtom(activeAirportAtom);
  const setFlight = useSetAtom(selectedFlightIdAtom);
  const setOrder = useSetAtom(selectedOrderKeyAtom);
  const highlighted = useRef<string | null>(null);
  const report = run?.estado === 'colapsada' ? run.reporte : null;

  useEffect(() => {
    if (!run || !report || highlighted.current === run.id) return;
    highlighted.current = run.id;
    if (report.almacen) setAirport(report.almacen.codigo);
    if (report.vuelos[0]) setFlight(report.vuelos[0].id);
  }, [run, report, setAirport, setFlight]);

  if (!report) return null;
  return (
    <CollapseReportView
      report={report}
      onShowWarehouse={setAirport}
      onShowFlight={setFlight}
      onShowOrder={setOrder}
    />
  );
}
