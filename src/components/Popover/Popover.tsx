import { Popover as AriaPopover, type PopoverProps } from 'react-aria-components';
import * as styles from './Popover.css';

/** The one popover every picker, menu and clock shares. */
export function Popover({ className, ...props }: PopoverProps) {
  return (
    <AriaPopover offset={6} {...props} className={[styles.popover, className].filter(Boolean).join(' ')} />
  );
}
