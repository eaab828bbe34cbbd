import { useAtomValue, useSetAtom } from 'jotai';
import type { RunDto, RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { RUN_STATE_LABEL } from '../../lib/labels';
import { formatSimTime, formatSpeed } from './format';
import * as styles from './RunHistory.css';
import { historyQueryAtom, openRunOutcomeAtom, pickedRunAtom } from './reportAtoms';
import { formatDuration, formatWallTime, runOutcome } from './reportFormat';

export const HISTORY_TITLE = 'Simulaciones anteriores';

/** What became of a run, in one line. */
export function runResult(run: RunDto): string {
  if (run.estado === 'colapsada' && run.reporte) return `Colapso el ${formatSimTime(run.reporte.fecha)}`;
  if (run.estado === 'fallida') return run.mensaje ? `Fallida: ${run.mensaje}` : 'Fallida';
  return RUN_STATE_LABEL[run.estado];
}

export interface RunHistoryViewProps {
  runs: readonly RunDto[] | undefined;
  status: 'pending' | 'error' | 'success';
  errorMessage?: string;
  /** The run whose report or summary is on screen (its row is marked). */
  shownId?: string | null;
  onOpen?: (run: RunDto) => void;
  onRetry?: () => void;
}

/** Past runs of a screen (when, dates, speed, result), each reopening its report or summary. */
export function RunHistoryView({
  runs,
  status,
  errorMessage,
  shownId,
  onOpen,
  onRetry,
}: RunHistoryViewProps) {
  return (
    <section className={styles.root} aria-labelledby="historial-titulo">
      <h2 id="historial-titulo" className={styles.title}>
        {HISTORY_TITLE}
      </h2>
      {status === 'error' && !runs ? (
        <div className={styles.row}>
          <p className={styles.error} role="alert">
            No se pudo cargar el historial{errorMessage ? `: ${errorMessage}` : ''}.
          </p>
          <Button size="sm" variant="secondary" onPress={onRetry}>
            Reintentar
          </Button>
        </div>
      ) : !runs ? (
        <p className={styles.message}>Cargando historial…</p>
      ) : runs.length === 0 ? (
        <p className={styles.message}>Aún no hay simulaciones guardadas de este modo.</p>
      ) : (
        <ul className={styles.list}>
          {runs.map((run) => {
            const outcome = runOutcome(run);
            const end = run.fin ?? run.ahora;
            return (
              <li
                key={run.id}
                className={styles.item}
                data-run-id={run.id}
                data-shown={run.id === shownId || undefined}
                aria-label={`Simulación del ${formatWallTime(run.creadoEn)}`}
              >
                <div className={styles.row}>
                  <span className={styles.when}>{formatWallTime(run.creadoEn)}</span>
                  {outcome ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`${outcome.kind === 'report' ? 'Ver informe' : 'Ver resumen'} del ${formatWallTime(run.creadoEn)}`}
                      onPress={() => onOpen?.(run)}
                    >
                      {outcome.kind === 'report' ? 'Ver informe' : 'Ver resumen'}
                    </Button>
                  ) : null}
                </div>
                <p className={styles.detail}>
                  {formatSimTime(run.inicio)} – {formatSimTime(end)}
                </p>
                <p className={styles.detail}>
                  {formatSpeed(run.velocidad)} · {formatDuration(run.segundosReales)} reales ·{' '}
                  {runResult(run)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The history of one mode's runs, in its section panel. */
export function RunHistory({ mode }: { mode: RunMode }) {
  const query = useAtomValue(historyQueryAtom(mode));
  const picked = useAtomValue(pickedRunAtom(mode));
  const open = useSetAtom(openRunOutcomeAtom);
  return (
    <RunHistoryView
      runs={query.data}
      status={query.status}
      errorMessage={query.error?.message}
      shownId={picked?.id ?? null}
      onOpen={(run) => open(mode, run)}
      onRetry={() => void query.refetch()}
    />
  );
}
