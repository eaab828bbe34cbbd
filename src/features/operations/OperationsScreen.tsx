import { useAtomValue } from 'jotai';
import type { RunMode } from '../../../contract';
import { FlightMap } from '../map/FlightMap';
import { CollapseReport } from '../runs/CollapseReport';
import { RunActions } from '../runs/RunActions';
import { RunStatusStrip } from '../runs/RunStatusStrip';
import { PATH_OF_MODE } from '../shell/navigation';
import { panelExpandedAtom } from '../shell/shellAtoms';
import * as styles from './OperationsScreen.css';

/** A run screen: the live map of that mode's run, its status strip and, on /colapso, the collapse report. */
export function OperationsScreen({ mode }: { mode: RunMode }) {
  const panelExpanded = useAtomValue(panelExpandedAtom(PATH_OF_MODE[mode]));
  return (
    <div className={styles.screen} data-mode={mode} data-panel-expanded={panelExpanded}>
      <FlightMap mode={mode} />
      <div className={styles.strip}>
        <div className={styles.stripInner}>
          <RunActions mode={mode} />
          <RunStatusStrip mode={mode} />
        </div>
      </div>
      {mode === 'colapso' ? (
        <div className={styles.report}>
          <CollapseReport mode={mode} />
        </div>
      ) : null}
    </div>
  );
}

export const OperacionScreen = () => <OperationsScreen mode="operacion" />;
export const SimulacionScreen = () => <OperationsScreen mode="semanal" />;
export const ColapsoScreen = () => <OperationsScreen mode="colapso" />;
