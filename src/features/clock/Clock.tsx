import * as styles from './Clock.css';
import { formatClockDate, formatClockTime } from './formatClock';

export interface ClockProps {
  now: Date;
  /** Title shown as the pill's tooltip and accessible name. */
  title?: string;
  showDate?: boolean;
}

/** The clock pill: time, optionally a short date. */
export function Clock({ now, title = 'Hora del sistema', showDate = true }: ClockProps) {
  return (
    <div className={styles.pill} title={title} role="timer" aria-label={title} aria-live="off">
      <time className={styles.time} dateTime={now.toISOString()}>
        {formatClockTime(now)}
      </time>
      <span className={styles.zone}>UTC</span>
      {showDate ? <span className={styles.date}>{formatClockDate(now)}</span> : null}
    </div>
  );
}
