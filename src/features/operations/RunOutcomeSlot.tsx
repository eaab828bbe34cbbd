import type { RunMode } from '../../../contract';
import { CollapseReport } from '../runs/CollapseReport';
import * as styles from './OperationsScreen.css';

/**
 * Where a run screen shows how its run ended and what came before: the collapse report on /colapso (and
 * the finished week's summary card and the run history, when they exist). The run controls, progress and
 * clock live in the panel and the strip; this slot is the outcome's alone.
 */
export function RunOutcomeSlot({ mode }: { mode: RunMode }) {
  if (mode !== 'colapso') return null;
  return (
    <div className={styles.report}>
      <CollapseReport mode={mode} />
    </div>
  );
}
