import { Dialog, DialogTrigger } from 'react-aria-components';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { Popover } from '../../components/Popover/Popover';
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
  const now = useClock(timeSource, refreshInterval);
  if (!isMobile) return <Clock now={now} />;
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <Button variant="secondary" size="icon" className={styles.fab} aria-label="Ver reloj">
        <Icon name="clock" size={20} />
      </Button>
      <Popover placement="top end">
        <Dialog aria-label="Reloj" className={styles.popoverBody}>
          <p className={styles.popoverTitle}>Hora del sistema</p>
          <Clock now={now} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
