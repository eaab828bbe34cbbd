import type { SVGProps } from 'react';
import * as styles from './Icon.css';

/**
 * The app's one icon set: inline SVG strokes (24 × 24 grid) that draw the same on every machine,
 * unlike emoji, which are empty boxes where no emoji font is installed. Decorative by default; pass
 * `label` when the icon is the only content of a control.
 */
const PATHS = {
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  download: 'M12 4v12M7 11l5 5 5-5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  chart: 'M4 4v16h16M7.5 15l4-5 3 3 4.5-6',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  warning: 'M12 3.5l9.5 16.5h-19zM12 10v4.5M12 17.4v.1',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v5.5M12 7.6v.1',
  cancel: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
  close: 'M6 6l12 12M18 6L6 18',
  calendar: 'M4 6.5h16V20H4zM4 10.5h16M8.5 3.5v5M15.5 3.5v5',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2',
  plane: 'M10.5 20.5l1.5-1 1.5 1V17l5.5-2.5V13l-5.5 1V8.5a1.5 1.5 0 0 0-3 0V14L5 13v1.5l5.5 2.5z',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  system: 'M12 3a9 9 0 1 0 0 18zM12 3a9 9 0 0 1 0 18',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  menu: 'M4 7h16M4 12h16M4 17h16',
  offline: 'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4-2.3M12 20v.1M19 12.5a10 10 0 0 0-3-2',
} as const;

export const ICON_NAMES = Object.keys(PATHS) as (keyof typeof PATHS)[];
export type IconName = keyof typeof PATHS;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  /** Accessible name; without it the icon is hidden from assistive technology. */
  label?: string;
  size?: number;
}

export function Icon({ name, label, size = 16, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      className={[styles.icon, className ?? ''].join(' ').trim()}
      data-icon={name}
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
