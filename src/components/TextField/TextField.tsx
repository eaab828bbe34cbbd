import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
} from 'react-aria-components';
import { Description, FieldError, fieldClass, Label } from '../Field/Field';
import * as styles from './TextField.css';

export interface TextFieldProps extends AriaTextFieldProps {
  label?: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
}

/** React Aria TextField with label, description and error message. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      validationBehavior="aria"
      {...props}
      className={[fieldClass, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {label ? <Label>{label}</Label> : null}
      <Input className={styles.input} placeholder={placeholder} />
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
