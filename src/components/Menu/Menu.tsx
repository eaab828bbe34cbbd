import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps,
  type MenuProps,
  MenuTrigger,
  type MenuTriggerProps,
} from 'react-aria-components';
import { Icon } from '../Icon/Icon';
import { Popover } from '../Popover/Popover';
import * as styles from './Menu.css';

export type { MenuTriggerProps };
export { MenuTrigger };

export function Menu<T extends object>(props: MenuProps<T> & { placement?: 'bottom end' | 'bottom start' }) {
  const { placement = 'bottom end', ...rest } = props;
  return (
    <Popover placement={placement}>
      <AriaMenu {...rest} className={styles.menu} />
    </Popover>
  );
}

export function MenuItem({ children, ...props }: MenuItemProps & { children: ReactNode }) {
  return (
    <AriaMenuItem {...props} className={styles.item}>
      {({ isSelected, selectionMode }) => (
        <>
          {/* The check column only where items can be chosen (not in a menu of actions or links). */}
          {selectionMode !== 'none' ? (
            <span className={styles.check} aria-hidden="true">
              {isSelected ? <Icon name="check" size={14} /> : null}
            </span>
          ) : null}
          {children}
        </>
      )}
    </AriaMenuItem>
  );
}
