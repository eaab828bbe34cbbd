import { useAtom, useAtomValue } from 'jotai';
import type { RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { Dialog } from '../../components/Dialog/Dialog';
import { Icon } from '../../components/Icon/Icon';
import * as styles from './ChartsPanel.css';
import { chartsOpenAtom, runSeriesQueryAtom } from './chartAtoms';
import { RunCharts } from './RunCharts';

/** The 'Gráficos' button of a run screen and the panel it opens: the run's history over simulated time. */
export function ChartsPanel({ mode }: { mode: RunMode }) {
  const [open, setOpen] = useAtom(chartsOpenAtom(mode));
  const query = useAtomValue(runSeriesQueryAtom(mode));
  return (
    <>
      <Button size="sm" variant="secondary" onPress={() => setOpen(true)}>
        <Icon name="chart" size={16} />
        Gráficos
      </Button>
      <Dialog isOpen={open} onOpenChange={setOpen} title="Gráficos" size="wide">
        {query.isError ? (
          <p role="alert">No se pudo leer la historia de la simulación: {query.error.message}</p>
        ) : (
          <RunCharts series={query.data ?? null} title="Evolución en el tiempo simulado" />
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setOpen(false)}>
            Cerrar
          </Button>
        </div>
      </Dialog>
    </>
  );
}
