import type { ReactNode } from 'react';
import { Tooltip as AriaTooltip, type TooltipProps, TooltipTrigger } from 'react-aria-components';
import * as styles from './Tooltip.css';

export { TooltipTrigger };

export function Tooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactNode }) {
  return (
    <AriaTooltip offset={6} {...props} className={styles.tooltip}>
      {children}
    </AriaTooltip>
  );
}
