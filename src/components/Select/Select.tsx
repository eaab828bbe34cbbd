import type { Key } from 'react-aria-components';
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  ListBox,
  ListBoxItem,
  SelectValue,
} from 'react-aria-components';
import { Description, FieldError, fieldClass, Label } from '../Field/Field';
import { Popover } from '../Popover/Popover';
import * as styles from './Select.css';

export interface SelectOption {
  /** A select item cannot have an empty value. */
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps
  extends Omit<AriaSelectProps<SelectOption, 'single'>, 'children' | 'value' | 'onChange' | 'selectionMode'> {
  label?: string;
  description?: string;
  errorMessage?: string;
  options: readonly SelectOption[];
  value?: string | null;
  onChange?: (value: string) => void;
  /** Smaller trigger (calendar header). */
  compact?: boolean;
}

/** Throws on an empty item value: the spec forbids it and React Aria would treat it as "no selection". */
export function assertSelectOptions(options: readonly SelectOption[]): void {
  for (const option of options) {
    if (option.value === '')
      throw new Error(`Un elemento de la lista no puede tener un valor vacío (${option.label})`);
  }
}

export function Select({
  label,
  description,
  errorMessage,
  options,
  value,
  onChange,
  compact,
  className,
  ...props
}: SelectProps) {
  assertSelectOptions(options);
  const disabledKeys = options.filter((o) => o.isDisabled).map((o) => o.value);
  return (
    <AriaSelect
      {...props}
      value={value === undefined ? undefined : (value as Key | null)}
      onChange={(key) => {
        if (key !== null) onChange?.(String(key));
      }}
      disabledKeys={disabledKeys}
      className={[fieldClass, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {label ? <Label>{label}</Label> : null}
      <Button className={[styles.trigger, compact ? styles.compactTrigger : ''].join(' ').trim()}>
        <SelectValue className={styles.value} />
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </Button>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className={styles.item}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
