import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef } from 'react';
import type { RunMode } from '../../../contract';
import { airportsQueryAtom } from '../../api/airports';
import { Button } from '../../components/Button/Button';
import { activeAirportAtom, selectedFlightIdAtom, selectedOrderKeyAtom } from '../map/mapAtoms';
import type { MapHighlight } from '../map/mapHighlight';
import { CollapseReportView } from './CollapseReport';
import * as styles from './OutcomeCard.css';
import { RunSummaryCard } from './RunSummaryCard';
import { outcomeOpenAtom, pickedRunAtom } from './reportAtoms';
import { type RunOutcome, runOutcome } from './reportFormat';
import { currentRunAtom } from './runAtoms';

/** The outcome on screen: a run reopened from the history, else the current run's once it ended. */
function useShownOutcome(mode: RunMode): RunOutcome | null {
  const current = useAtomValue(currentRunAtom(mode));
  const picked = useAtomValue(pickedRunAtom(mode));
  return runOutcome(picked) ?? runOutcome(current);
}

/**
 * The map's marks for the current run's collapse: its saturated warehouse and full flights (the map
 * stands still at the collapse instant, the run's last). A past run's report marks nothing: the map
 * shows the current run.
 */
export function useOutcomeHighlight(mode: RunMode): MapHighlight | null {
  const current = useAtomValue(currentRunAtom(mode));
  const report = current?.estado === 'colapsada' ? current.reporte : null;
  return useMemo(
    () =>
      report
        ? {
            airports: report.almacen ? [report.almacen.codigo] : [],
            flights: report.vuelos.map((f) => ({ id: f.id, origen: f.origen, destino: f.destino })),
          }
        : null,
    [report],
  );
}

/**
 * A run screen's report or summary: it opens when the current run ends (a collapse, or the end of the
 * week), can be closed, and a 'Ver informe' / 'Ver resumen' button brings it back.
 */
export function RunOutcomePanel({ mode }: { mode: RunMode }) {
  const current = useAtomValue(currentRunAtom(mode));
  const setPicked = useSetAtom(pickedRunAtom(mode));
  const [open, setOpen] = useAtom(outcomeOpenAtom(mode));
  const airports = useAtomValue(airportsQueryAtom).data ?? [];
  const setAirport = useSetAtom(activeAirportAtom);
  const setFlight = useSetAtom(selectedFlightIdAtom);
  const setOrder = useSetAtom(selectedOrderKeyAtom);
  const outcome = useShownOutcome(mode);

  // A run that ends while the screen is open shows its outcome at once, over any reopened one.
  const endedId = runOutcome(current)?.run.id ?? null;
  const seen = useRef(endedId);
  useEffect(() => {
    if (endedId === null || endedId === seen.current) return;
    seen.current = endedId;
    setPicked(null);
    setOpen(true);
  }, [endedId, setPicked, setOpen]);

  if (!outcome) return null;
  const isReport = outcome.kind === 'report';
  if (!open) {
    return (
      <div className={styles.reopen}>
        <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
          {isReport ? 'Ver informe' : 'Ver resumen'}
        </Button>
      </div>
    );
  }
  const onClose = () => {
    setOpen(false);
    setPicked(null);
  };
  return (
    <div className={styles.dock} data-outcome={outcome.kind}>
      {outcome.kind === 'report' ? (
        <CollapseReportView
          report={outcome.report}
          runId={outcome.run.id}
          airports={airports}
          onClose={onClose}
          onShowWarehouse={setAirport}
          onShowFlight={setFlight}
          onShowOrder={setOrder}
        />
      ) : (
        <RunSummaryCard
          run={outcome.run}
          summary={outcome.summary}
          airports={airports}
          onClose={onClose}
          onShowWarehouse={setAirport}
          onShowFlight={setFlight}
        />
      )}
    </div>
  );
}
