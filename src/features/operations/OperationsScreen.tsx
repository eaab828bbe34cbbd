import { useAtomValue } from 'jotai';
import type { RunMode } from '../../../contract';
import { FlightMap } from '../map/FlightMap';
import { RunOutcomePanel, useOutcomeHighlight } from '../runs/RunOutcomePanel';
import { RunStatusStrip } from '../runs/RunStatusStrip';
import { PATH_OF_MODE } from '../shell/navigation';
import { panelExpandedAtom } from '../shell/shellAtoms';
import * as styles from './OperationsScreen.css';

/** A run screen: the live map of that mode's run, its status strip (clock, progress) and the run's report or summary. */
export function OperationsScreen({ mode }: { mode: RunMode }) {
  const panelExpanded = useAtomValue(panelExpandedAtom(PATH_OF_MODE[mode]));
  const highlight = useOutcomeHighlight(mode);
  return (
    <div className={styles.screen} data-mode={mode} data-panel-expanded={panelExpanded}>
      <FlightMap mode={mode} highlight={highlight} />
      <div className={styles.strip}>
        <div className={styles.stripInner}>
          <RunStatusStrip mode={mode} />
        </div>
      </div>
      {mode !== 'operacion' ? <RunOutcomePanel mode={mode} /> : null}
    </div>
  );
}

export const OperacionScreen = () => <OperationsScreen mode="operacion" />;
export const SimulacionScreen = () => <OperationsScreen mode="semanal" />;
export const ColapsoScreen = () => <OperationsScreen mode="colapso" />;
