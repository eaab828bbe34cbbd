import { useAtomValue } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import type { RunDto, RunMode, RunSummaryDto } from '../../../contract';
import { stopRun } from '../../api/runs';
import { Button } from '../../components/Button/Button';
import { RUN_STATE_LABEL } from '../../lib/labels';
import { notify } from '../../lib/notify';
import { streamOfflineAtom } from '../connection/connectionAtoms';
import { formatCount, formatPercent, formatSimTime, formatSpeed } from './format';
import * as styles from './RunStatusStrip.css';
import {
  currentRunAtom,
  REALTIME_RUN_ID,
  RUNS_KEY,
  realtimeSummaryQueryAtom,
  runSummaryQueryAtom,
} from './runAtoms';

export const NO_RUN_TEXT = 'Sin simulación: aplica los controles para iniciarla.';
export const REALTIME_LABEL = 'Tiempo real';
export const OFFLINE_STRIP_TEXT = 'Sin conexión con el servidor: las cifras se reanudan al reconectar.';

/** The real-time operation view shown as a run, so the strip reads the same whichever is active. */
export function realtimeRun(summary: RunSummaryDto): RunDto {
  const {
    ahora,
    velocidad,
    estado,
    almacenes: _a,
    almacenMasOcupado: _b,
    utilizacionVuelos: _c,
    ...kpis
  } = summary;
  return {
    id: REALTIME_RUN_ID,
    modo: 'operacion',
    estado,
    inicio: ahora,
    fin: null,
    velocidad,
    ahora,
    creadoEn: ahora,
    terminadaEn: null,
    segundosReales: 0,
    crecimiento: null,
    kpis,
    progreso: {
      fraccion: null,
      restanteSeg: null,
      diasSimulados: 0,
      pedidosPlanificados: kpis.pedidosRecibidos,
      factorDemanda: null,
      almacenMasOcupado: summary.almacenMasOcupado,
      vuelosMasOcupados: [],
    },
    resumen: null,
    reporte: null,
    mensaje: null,
  };
}

export interface RunStatusStripViewProps {
  run: RunDto | null;
  summary: RunSummaryDto | null;
  onStop?: () => void;
  /** Shown instead of the run state (the real-time view is not a run one can stop). */
  stateLabel?: string;
  /** The live stream is down: the figures are the last ones received, and the strip says so. */
  offline?: boolean;
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.item}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
}

/**
 * The run at a glance: simulated time and speed, orders, punctuality, products moving, busiest warehouse.
 * Punctuality counts delivered orders only; orders still under way are counted apart, with those their
 * plan brings late, so an order in the air is never reported as on time.
 */
export function RunStatusStripView({ run, summary, onStop, stateLabel, offline }: RunStatusStripViewProps) {
  if (!run) {
    return (
      <section
        className={styles.strip}
        aria-label="Estado de la simulación"
        data-offline={offline || undefined}
      >
        <p className={offline ? styles.offline : styles.empty}>
          {offline ? OFFLINE_STRIP_TEXT : NO_RUN_TEXT}
        </p>
      </section>
    );
  }
  const k = summary ?? { ...run.kpis, ahora: run.ahora, velocidad: run.velocidad, almacenMasOcupado: null };
  const busiest = summary?.almacenMasOcupado;
  const estado = summary?.estado ?? run.estado;
  return (
    <section
      className={styles.strip}
      aria-label="Estado de la simulación"
      data-run-id={run.id}
      data-estado={estado}
      data-offline={offline || undefined}
    >
      <dl className={offline ? `${styles.list} ${styles.stale}` : styles.list}>
        <div className={styles.item}>
          <dt className={styles.term}>Estado</dt>
          <dd className={styles.value}>
            {offline ? (
              <span className={styles.offline}>Sin conexión</span>
            ) : (
              <span className={styles.state({ estado })}>{stateLabel ?? RUN_STATE_LABEL[estado]}</span>
            )}
          </dd>
        </div>
        <Item term="Hora simulada" value={formatSimTime(k.ahora)} />
        <Item term="Velocidad" value={formatSpeed(k.velocidad)} />
        <Item term="Pedidos recibidos" value={formatCount(k.pedidosRecibidos)} />
        <Item
          term="A tiempo (de los entregados)"
          value={k.porcentajeATiempo === null ? '—' : formatPercent(k.porcentajeATiempo)}
        />
        <Item
          term="Entregados"
          value={`${formatCount(k.entregadosATiempo + k.entregadosTarde)} · ${formatCount(k.entregadosTarde)} tarde`}
        />
        <Item
          term="En tránsito"
          value={`${formatCount(k.enTransito)} · ${formatCount(k.enTransitoTarde)} irán tarde`}
        />
        <Item term="Sin ruta" value={formatCount(k.sinRuta)} />
        <Item term="Productos en vuelo" value={formatCount(k.productosEnVuelo)} />
        <Item
          term="Almacén más ocupado"
          value={busiest ? `${busiest.codigo} ${formatPercent(busiest.porcentaje)}` : '—'}
        />
      </dl>
      {estado === 'en_curso' && onStop ? (
        <div className={styles.actions}>
          <Button size="sm" variant="ghost" onPress={onStop}>
            Detener
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The strip of a screen's current run, polled from the server's summary. */
export function RunStatusStrip({ mode }: { mode: RunMode }) {
  const run = useAtomValue(currentRunAtom(mode));
  const summary = useAtomValue(runSummaryQueryAtom(mode));
  const realtime = useAtomValue(realtimeSummaryQueryAtom);
  const queryClient = useAtomValue(queryClientAtom);
  const offline = useAtomValue(streamOfflineAtom);
  const onStop = async () => {
    if (!run) return;
    try {
      await stopRun(run.id);
      notify.info('Simulación detenida');
      await queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };
  if (mode === 'operacion' && !run && realtime.data) {
    return (
      <RunStatusStripView
        run={realtimeRun(realtime.data)}
        summary={realtime.data}
        stateLabel={REALTIME_LABEL}
        offline={offline}
      />
    );
  }
  return <RunStatusStripView run={run} summary={summary.data ?? null} onStop={onStop} offline={offline} />;
}
