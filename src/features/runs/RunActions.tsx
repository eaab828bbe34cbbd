import { useAtomValue } from 'jotai';
import type { RunMode } from '../../../contract';
import { ChartsPanel } from '../charts/ChartsPanel';
import { DownloadMenu } from './DownloadMenu';
import * as styles from './RunActions.css';
import { currentRunAtom } from './runAtoms';

/** What one does with a screen's run beyond watching it: its charts and its downloads. */
export function RunActions({ mode }: { mode: RunMode }) {
  const run = useAtomValue(currentRunAtom(mode));
  if (!run) return null;
  return (
    <div className={styles.actions} role="toolbar" aria-label="Acciones de la simulación">
      <ChartsPanel mode={mode} />
      <DownloadMenu runId={run.id} mode={mode} />
    </div>
  );
}
