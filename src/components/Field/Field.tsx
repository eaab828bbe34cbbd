import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  FieldError as AriaFieldError,
  Group as AriaGroup,
  Label as AriaLabel,
  type ButtonProps,
  type FieldErrorProps,
  type GroupProps,
  type LabelProps,
  Text,
} from 'react-aria-components';
import * as styles from './Field.css';

/** Shared parts of every field: label, description, error, the bordered group and its icon button. */

const cx = (base: string, extra: unknown) => [base, typeof extra === 'string' ? extra : ''].join(' ').trim();

export function Label({ className, ...props }: LabelProps) {
  return <AriaLabel {...props} className={cx(styles.label, className)} />;
}

export function Description({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className={styles.description}>
      {children}
    </Text>
  );
}

export function FieldError({ className, ...props }: FieldErrorProps) {
  return <AriaFieldError {...props} className={cx(styles.error, className)} />;
}

export function FieldGroup({ className, ...props }: GroupProps) {
  return <AriaGroup {...props} className={cx(styles.group, className)} />;
}

export function FieldButton({ className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={cx(styles.fieldButton, className)} />;
}

export const fieldClass = styles.field;

export const fieldGroupClass = styles.group;
