import { useAtom } from 'jotai';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import type { RunMode } from '../../contract';
import { SessionMenu } from '../features/auth/SessionMenu';
import { RunClockWidget } from '../features/clock/ClockWidget';
import { RunScope } from '../features/runs/RunScope';
import { NavBar } from '../features/shell/NavBar';
import { hasClock, hasPanel, MODE_OF_SEGMENT, modeForPath } from '../features/shell/navigation';
import { SectionPanel } from '../features/shell/SectionPanel';
import { panelExpandedAtom, sheetOpenAtom } from '../features/shell/shellAtoms';
import { useIsMobile } from '../lib/useMediaQuery';
import * as styles from './AppShell.css';
import { AppRoutes } from './routes';
import { SCREENS } from './screens';
import { useVisiblePaths } from './visibleScreens';

/** The sheet or panel while its controls' code arrives: never empty. */
function PanelLoading() {
  return (
    <p role="status" className={styles.panelLoading}>
      Cargando controles…
    </p>
  );
}

function ScreenPanel({ path, isMobile }: { path: string; isMobile: boolean }) {
  const [expanded, setExpanded] = useAtom(panelExpandedAtom(path));
  const [sheetOpen, setSheetOpen] = useAtom(sheetOpenAtom(path));
  const screen = SCREENS[path];
  if (!screen) return null;
  const { Panel, panelTitle } = screen;
  return (
    <SectionPanel
      title={panelTitle}
      isMobile={isMobile}
      isOpen={isMobile ? sheetOpen : expanded}
      onOpenChange={isMobile ? setSheetOpen : setExpanded}
    >
      <Suspense fallback={<PanelLoading />}>
        <Panel />
      </Suspense>
    </SectionPanel>
  );
}

export function AppShell() {
  const [path] = useLocation();
  const isMobile = useIsMobile();
  const visiblePaths = useVisiblePaths();
  const runMode = (MODE_OF_SEGMENT as Record<string, RunMode | undefined>)[path.replace(/^\//, '')];
  const clock = hasClock(path) ? <RunClockWidget isMobile={isMobile} mode={modeForPath(path)} /> : null;
  return (
    <div className={styles.shell}>
      <NavBar
        path={path}
        clock={isMobile ? null : clock}
        visiblePaths={visiblePaths}
        account={<SessionMenu />}
      />
      <main className={styles.main}>
        {runMode ? (
          // One run machine for the screen and its panel (controls, strip, the no-run hint on the map).
          <RunScope mode={runMode}>
            <AppRoutes />
            <ScreenPanel path={path} isMobile={isMobile} />
          </RunScope>
        ) : (
          <>
            <AppRoutes />
            {hasPanel(path) ? <ScreenPanel path={path} isMobile={isMobile} /> : null}
          </>
        )}
      </main>
      {isMobile ? clock : null}
    </div>
  );
}
