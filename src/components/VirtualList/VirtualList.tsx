import type { ReactNode } from 'react';
import { ListBox, ListBoxItem, ListLayout, Virtualizer } from 'react-aria-components';
import * as styles from './VirtualList.css';

export interface VirtualListProps<T> {
  'aria-label': string;
  items: readonly T[];
  /** Each row's stable id. */
  idOf: (item: T) => string;
  /** What screen readers read for a row (and typeahead). */
  textOf: (item: T) => string;
  /** Every row has this height (px): the layout places rows without measuring them. */
  rowHeight: number;
  children: (item: T) => ReactNode;
  /** A row pressed or chosen with Enter. */
  onAction?: (id: string) => void;
  /** Shown when there are no items. */
  empty?: ReactNode;
  className?: string;
}

/**
 * A long list that renders only the rows in view (React Aria's Virtualizer with a ListLayout of fixed
 * rows), keyboard-navigable, each row an action. The list is its own scroll container.
 */
export function VirtualList<T>({
  items,
  idOf,
  textOf,
  rowHeight,
  children,
  onAction,
  empty,
  className,
  ...aria
}: VirtualListProps<T>) {
  return (
    <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight }}>
      <ListBox
        aria-label={aria['aria-label']}
        items={items.map((item) => ({ id: idOf(item), item }))}
        selectionMode="none"
        onAction={onAction ? (key) => onAction(String(key)) : undefined}
        renderEmptyState={() => <div className={styles.empty}>{empty}</div>}
        className={[styles.list, className ?? ''].join(' ').trim()}
      >
        {({ id, item }) => (
          <ListBoxItem id={id} textValue={textOf(item)} className={styles.row}>
            {children(item)}
          </ListBoxItem>
        )}
      </ListBox>
    </Virtualizer>
  );
}
