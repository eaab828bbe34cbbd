import { useAtomValue } from 'jotai';
import { Dialog, DialogTrigger } from 'react-aria-components';
import type { RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { Popover } from '../../components/Popover/Popover';
import { streamOfflineAtom } from '../connection/connectionAtoms';
import { Clock } from './Clock';
import * as styles from './Clock.css';
import { clockCaption, type TimeSource } from './clockMath';
import { useClock } from './useClock';
import { useRunClock } from './useRunClock';

export interface ClockWidgetProps {
  isMobile: boolean;
  timeSource?: TimeSource;
  refreshInterval?: number;
  /** Stories open the mobile popover from the start. */
  defaultOpen?: boolean;
}

interface ClockWidgetViewProps {
  isMobile: boolean;
  now: Date;
  offline: boolean;
  caption?: string;
  defaultOpen?: boolean;
}

/** Desktop: a pill at the top right. Mobile: a floating button that opens the clock. */
function ClockWidgetView({ isMobile, now, offline, caption, defaultOpen }: ClockWidgetViewProps) {
  if (!isMobile) return <Clock now={now} offline={offline} caption={caption} />;
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button
        variant="secondary"
        size="icon"
        className={styles.fab}
        aria-label={offline ? 'Ver reloj (sin conexión)' : 'Ver reloj'}
      >
        <Icon name={offline ? 'offline' : 'clock'} size={20} />
      </Button>
      <Popover placement="top end">
        <Dialog aria-label="Reloj" className={styles.popoverBody}>
          <p className={styles.popoverTitle}>Hora del sistema</p>
          <Clock now={now} offline={offline} caption={caption} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/** A clock read from a time source (re-synced every refreshInterval), or local time without one. */
export function ClockWidget({ isMobile, timeSource, refreshInterval, defaultOpen }: ClockWidgetProps) {
  const offline = useAtomValue(streamOfflineAtom);
  const now = useClock(timeSource, refreshInterval, offline);
  return <ClockWidgetView isMobile={isMobile} now={now} offline={offline} defaultOpen={defaultOpen} />;
}

/** The header clock of a run screen: the time of the run the screen shows, or real time without one. */
export function RunClockWidget({
  isMobile,
  mode,
  defaultOpen,
}: {
  isMobile: boolean;
  mode: RunMode;
  defaultOpen?: boolean;
}) {
  const clock = useRunClock(mode);
  return (
    <ClockWidgetView
      isMobile={isMobile}
      now={clock.now}
      offline={clock.offline}
      caption={clockCaption(clock)}
      defaultOpen={defaultOpen}
    />
  );
}
