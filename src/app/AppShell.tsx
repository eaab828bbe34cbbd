import { useAtom } from 'jotai';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { SessionMenu } from '../features/auth/SessionMenu';
import { ClockWidget } from '../features/clock/ClockWidget';
import { serverTimeSource } from '../features/clock/serverTimeSource';
import { NavBar } from '../features/shell/NavBar';
import { hasClock, hasPanel, modeForPath } from '../features/shell/navigation';
import { SectionPanel } from '../features/shell/SectionPanel';
import { panelExpandedAtom, sheetOpenAtom } from '../features/shell/shellAtoms';
import { useIsMobile } from '../lib/useMediaQuery';
import * as styles from './AppShell.css';
import { AppRoutes } from './routes';
import { SCREENS } from './screens';
import { useVisiblePaths } from './visibleScreens';

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
      <Suspense fallback={null}>
        <Panel />
      </Suspense>
    </SectionPanel>
  );
}

export function AppShell() {
  const [path] = useLocation();
  const isMobile = useIsMobile();
  const visiblePaths = useVisiblePaths();
  const clock = hasClock(path) ? (
    <ClockWidget isMobile={isMobile} timeSource={serverTimeSource(modeForPath(path))} />
  ) : null;
  return (
    <div className={styles.shell}>
      <NavBar
        path={path}
        clock={isMobile ? null : clock}
        visiblePaths={visiblePaths}
        account={<SessionMenu />}
      />
      <main className={styles.main}>
        <AppRoutes />
        {hasPanel(path) ? <ScreenPanel path={path} isMobile={isMobile} /> : null}
      </main>
      {isMobile ? clock : null}
    </div>
  );
}
