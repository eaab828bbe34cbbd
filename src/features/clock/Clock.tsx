import { Icon } from '../../components/Icon/Icon';
import { OFFLINE_TEXT } from '../connection/connectionAtoms';
import * as styles from './Clock.css';
import { formatClockDate, formatClockTime } from './formatClock';

export interface ClockProps {
  now: Date;
  /** Title shown as the pill's tooltip and accessible name. */
  title?: string;
  showDate?: boolean;
  /** The time it follows stopped arriving: the clock says so instead of looking live. */
  offline?: boolean;
  /** Whose time it is: 'Tiempo real', or a run's simulated time and whether it moves. */
  caption?: string;
}

/** The clock pill: time, optionally a short date. */
export function Clock({
  now,
  title = 'Hora del sistema',
  showDate = true,
  offline = false,
  caption,
}: ClockProps) {
  return (
    <div
      className={styles.pill}
      title={title}
      role="timer"
      aria-label={[title, caption, offline ? OFFLINE_TEXT : null].filter(Boolean).join(', ')}
      data-caption={caption}
      aria-live="off"
      data-offline={offline || undefined}
    >
      <time className={styles.time} dateTime={now.toISOString()}>
        {formatClockTime(now)}
      </time>
      <span className={styles.zone}>UTC</span>
      {showDate ? <span className={styles.date}>{formatClockDate(now)}</span> : null}
      {caption ? <span className={styles.caption}>{caption}</span> : null}
      {offline ? (
        <span className={styles.offline}>
          <Icon name="offline" size={14} /> {OFFLINE_TEXT}
        </span>
      ) : null}
    </div>
  );
}
