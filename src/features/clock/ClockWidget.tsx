import { useAtomValue } from 'jotai';
import { Dialog, DialogTrigger } from 'react-aria-components';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { Popover } from '../../components/Popover/Popover';
import { streamOfflineAtom } from '../connection/connectionAtoms';
import { Clock } from './Clock';
import * as styles from './Clock.css';
import type { TimeSource } from './clockMath';
import { useClock } from './useClock';

export interface ClockWidgetProps {
  isMobile: boolean;
  timeSource?: TimeSource;
  refreshInterval?: number;
  /** Stories open the mobile popover from the start. */
  defaultOpen?: boolean;
}

/** Desktop: a pill at the top right. Mobile: a floating button that opens the clock. */
export function ClockWidget({ isMobile, timeSource, refreshInterval, defaultOpen }: ClockWidgetProps) {
  const offline = useAtomValue(streamOfflineAtom);
  const now = useClock(timeSource, refreshInterval, offline);
  if (!isMobile) return <Clock now={now} offline={offline} />;
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
          <Clock now={now} offline={offline} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
