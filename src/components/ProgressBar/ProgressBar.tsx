import {
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
} from 'react-aria-components';
import { Label } from '../Field/Field';
import * as styles from './ProgressBar.css';

export interface ProgressBarProps extends AriaProgressBarProps {
  label: string;
}

/** React Aria ProgressBar: label, percentage (es-ES) and a bar. */
export function ProgressBar({ label, className, ...props }: ProgressBarProps) {
  return (
    <AriaProgressBar
      {...props}
      className={[styles.root, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {({ percentage, valueText }) => (
        <>
          <Label className={styles.label}>{label}</Label>
          <span className={styles.value}>{valueText}</span>
          <div className={styles.track}>
            <div className={styles.fill} style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
