import type { DateValue } from '@internationalized/date';
import { DateField as AriaDateField, type DateFieldProps as AriaDateFieldProps } from 'react-aria-components';
import { Description, FieldError, fieldClass, Label } from '../Field/Field';
import { SegmentedInput } from './SegmentedInput';

export interface DateFieldProps<T extends DateValue>
  extends Omit<AriaDateFieldProps<T>, 'children' | 'hourCycle'> {
  label?: string;
  description?: string;
  errorMessage?: string;
  hourCycle?: 12 | 24;
}

/** A typed date (or date-time) field without a calendar, with the spec's placeholders. */
export function DateField<T extends DateValue>({
  label,
  description,
  errorMessage,
  hourCycle = 24,
  className,
  ...props
}: DateFieldProps<T>) {
  return (
    <AriaDateField
      shouldForceLeadingZeros
      {...props}
      hourCycle={hourCycle}
      className={[fieldClass, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {label ? <Label>{label}</Label> : null}
      <SegmentedInput hourCycle={hourCycle} framed />
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </AriaDateField>
  );
}
