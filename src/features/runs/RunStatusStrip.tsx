import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import type { RunDto, RunMode, RunSummaryDto } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { RUN_STATE_LABEL } from '../../lib/labels';
import { useIsMobile } from '../../lib/useMediaQuery';
import { CALLS, useCan } from '../auth/useCan';
import { useRunClock } from '../clock/useRunClock';
import { streamOfflineAtom } from '../connection/connectionAtoms';
import { draftFiltersAtom } from '../filters/filterAtoms';
import { formatCount, formatPercent, formatSimTime, formatSpeed } from './format';
import { OrderRangeLine } from './RunControls';
import { RunProgress } from './RunProgress';
import { RunContext } from './RunScope';
import * as styles from './RunStatusStrip.css';
import {
  currentRunAtom,
  growthLawAtom,
  REALTIME_RUN_ID,
  realtimeSummaryQueryAtom,
  runSummaryQueryAtom,
} from './runAtoms';
import { startBlocker, startRequestOf } from './runRequest';

export const NO_RUN_TEXT =
  'Sin simulación: elige las fechas y la velocidad en Controles de simulación y pulsa Iniciar.';
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
  /** The screen's one clock (else the run's last reading): term and value. */
  time?: { term: string; value: string };
  /** The run's progress (bar and time left, or the collapse search's figures). */
  progress?: ReactNode;
  /** Phones: state, time and progress; the figures open with 'Cifras'. */
  compact?: boolean;
  /** Without a run: what to do next (the loaded range, 'Iniciar'). */
  noRunHint?: ReactNode;
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.item}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
}

/** The run at a glance: simulated time and speed, orders, punctuality, products moving, busiest warehouse. */
export function RunStatusStripView({
  run,
  summary,
  onStop,
  stateLabel,
  offline,
  time,
  progress,
  compact,
  noRunHint,
}: RunStatusStripViewProps) {
  const [open, setOpen] = useState(false);
  if (!run) {
    return (
      <section
        className={styles.strip}
        aria-label="Estado de la simulación"
        data-offline={offline || undefined}
      >
        <div className={styles.emptyBox}>
          <p className={offline ? styles.offline : styles.empty}>
            {offline ? OFFLINE_STRIP_TEXT : NO_RUN_TEXT}
          </p>
          {offline ? null : noRunHint}
        </div>
      </section>
    );
  }
  const k = summary ?? { ...run.kpis, ahora: run.ahora, velocidad: run.velocidad, almacenMasOcupado: null };
  const busiest = summary?.almacenMasOcupado;
  const estado = summary?.estado ?? run.estado;
  const clock = time ?? { term: 'Hora simulada', value: formatSimTime(k.ahora) };
  const figuresShown = !compact || open;
  return (
    <section
      className={compact ? `${styles.strip} ${styles.compact}` : styles.strip}
      aria-label="Estado de la simulación"
      data-run-id={run.id}
      data-estado={estado}
      data-offline={offline || undefined}
    >
      <div className={styles.main}>
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
          <Item term={clock.term} value={clock.value} />
          {figuresShown ? (
            <>
              <Item term="Velocidad" value={formatSpeed(k.velocidad)} />
              <Item term="Pedidos recibidos" value={formatCount(k.pedidosRecibidos)} />
              <Item
                term="A tiempo"
                value={k.porcentajeATiempo === null ? '—' : formatPercent(k.porcentajeATiempo)}
              />
              <Item term="Atrasados" value={formatCount(k.entregadosTarde + k.enTransitoTarde)} />
              <Item term="En tránsito" value={formatCount(k.enTransito)} />
              <Item term="Productos en vuelo" value={formatCount(k.productosEnVuelo)} />
              <Item
                term="Almacén más ocupado"
                value={busiest ? `${busiest.codigo} ${formatPercent(busiest.porcentaje)}` : '—'}
              />
            </>
          ) : null}
        </dl>
        {compact ? (
          <Button size="sm" variant="ghost" aria-expanded={open} onPress={() => setOpen(!open)}>
            {open ? 'Menos' : 'Cifras'}
          </Button>
        ) : null}
        {(estado === 'en_curso' || estado === 'pausada') && onStop ? (
          <div className={styles.actions}>
            <Button size="sm" variant="ghost" onPress={onStop}>
              Detener
            </Button>
          </div>
        ) : null}
      </div>
      {progress ? <div className={styles.progress}>{progress}</div> : null}
    </section>
  );
}

/** Without a run: the loaded range and 'Iniciar' (with the panel's dates and speed). */
function NoRunHint({ mode }: { mode: RunMode }) {
  const actor = RunContext.useActorRef();
  const can = useCan();
  const draft = useAtomValue(draftFiltersAtom(mode));
  const growth = useAtomValue(growthLawAtom);
  const starting = RunContext.useSelector((s) => s.matches('starting'));
  const blocker = startBlocker(mode, draft);
  return (
    <div className={styles.hint}>
      <OrderRangeLine />
      {can(CALLS.startRun) ? (
        <Button
          size="sm"
          variant="primary"
          isDisabled={starting || blocker !== null}
          onPress={() => actor.send({ type: 'run.start', request: startRequestOf(mode, draft, growth) })}
        >
          {starting ? 'Iniciando…' : 'Iniciar'}
        </Button>
      ) : null}
    </div>
  );
}

/** The strip of a screen's current run: its state, the screen's one clock, its figures and progress. */
export function RunStatusStrip({ mode }: { mode: RunMode }) {
  const run = useAtomValue(currentRunAtom(mode));
  const summary = useAtomValue(runSummaryQueryAtom(mode));
  const realtime = useAtomValue(realtimeSummaryQueryAtom);
  const offline = useAtomValue(streamOfflineAtom);
  const clock = useRunClock(mode);
  const compact = useIsMobile();
  const actor = RunContext.useActorRef();
  const can = useCan();
  const time = {
    term: clock.realTime ? REALTIME_LABEL : 'Hora simulada',
    value: formatSimTime(clock.now.toISOString()),
  };
  if (mode === 'operacion' && !run && realtime.data) {
    return (
      <RunStatusStripView
        run={realtimeRun(realtime.data)}
        summary={realtime.data}
        stateLabel={REALTIME_LABEL}
        offline={offline}
        time={time}
        compact={compact}
      />
    );
  }
  return (
    <RunStatusStripView
      run={run}
      summary={summary.data ?? null}
      onStop={can(CALLS.stopRun) ? () => actor.send({ type: 'run.stop' }) : undefined}
      offline={offline}
      time={time}
      compact={compact}
      progress={run ? <RunProgress run={run} nowMs={clock.now.getTime()} /> : null}
      noRunHint={mode === 'operacion' ? null : <NoRunHint mode={mode} />}
    />
  );
}
