import type { TimeValue } from 'react-aria-components';
import { TimeField as AriaTimeField, type TimeFieldProps as AriaTimeFieldProps } from 'react-aria-components';
import { SegmentedInput } from '../DateField/SegmentedInput';
import { Description, FieldError, fieldClass, Label } from '../Field/Field';

export interface TimeFieldProps<T extends TimeValue>
  extends Omit<AriaTimeFieldProps<T>, 'children' | 'hourCycle' | 'granularity'> {
  label?: string;
  description?: string;
  errorMessage?: string;
  /** 24-hour by default. */
  hourCycle?: 12 | 24;
  /** Second by default (the filter panel uses minute). */
  granularity?: 'hour' | 'minute' | 'second';
}

/**
 * Hours 0-23 (1-12 in 12-hour mode), minutes and seconds 0-59; arrow keys wrap around; typed digits
 * build a two-digit value within 2 seconds.
 */
export function TimeField<T extends TimeValue>({
  label,
  description,
  errorMessage,
  hourCycle = 24,
  granularity = 'second',
  className,
  ...props
}: TimeFieldProps<T>) {
  return (
    <AriaTimeField
      shouldForceLeadingZeros
      {...props}
      hourCycle={hourCycle}
      granularity={granularity}
      className={[fieldClass, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {label ? <Label>{label}</Label> : null}
      <SegmentedInput hourCycle={hourCycle} framed />
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </AriaTimeField>
  );
}
