import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Button,
  Group,
  Input,
} from 'react-aria-components';
import { Description, FieldError, fieldClass, Label } from '../Field/Field';
import * as inputStyles from '../TextField/TextField.css';
import * as styles from './NumberField.css';

export interface NumberFieldProps extends AriaNumberFieldProps {
  label?: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
}

/** React Aria NumberField (locale-aware digits, − / + steppers) with label, description and error. */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      validationBehavior="aria"
      {...props}
      className={[fieldClass, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {label ? <Label>{label}</Label> : null}
      <Group className={styles.group}>
        <Button slot="decrement" className={styles.stepper}>
          −
        </Button>
        <Input className={inputStyles.input} placeholder={placeholder} />
        <Button slot="increment" className={styles.stepper}>
          +
        </Button>
      </Group>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
