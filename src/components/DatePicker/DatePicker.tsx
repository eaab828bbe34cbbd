import type { DateValue } from '@internationalized/date';
import { useContext } from 'react';
import {
  DatePicker as AriaDatePicker,
  type DatePickerProps as AriaDatePickerProps,
  DatePickerStateContext,
  Dialog,
  Text,
} from 'react-aria-components';
import { Calendar } from '../Calendar/Calendar';
import { calendarLimits } from '../Calendar/limits';
import { formatDateTime } from '../DateField/formatDateTime';
import { SegmentedInput } from '../DateField/SegmentedInput';
import { FieldButton, FieldError, FieldGroup, fieldClass, Label } from '../Field/Field';
import { Icon } from '../Icon/Icon';
import { Popover } from '../Popover/Popover';
import { TimeField } from '../TimeField/TimeField';
import * as styles from './DatePicker.css';

export const HOUR_CYCLES = [24, 12] as const;
export const PICKER_GRANULARITIES = ['minute', 'second'] as const;

export interface DatePickerProps<T extends DateValue>
  extends Omit<AriaDatePickerProps<T>, 'children' | 'hourCycle' | 'granularity'> {
  label?: string;
  /** Shown under the field while it is empty; a set value shows its long form instead. */
  description?: string;
  errorMessage?: string;
  /** 24-hour by default. */
  hourCycle?: (typeof HOUR_CYCLES)[number];
  /** Second by default; the filter panel uses minute. */
  granularity?: (typeof PICKER_GRANULARITIES)[number];
  /** Today for the calendar's year range (stories fix it). */
  referenceDate?: DateValue;
}

/** The value in the spec's display format, read from the picker's state. */
function ValueDisplay({
  hourCycle,
  granularity,
  fallback,
}: {
  hourCycle: 12 | 24;
  granularity: 'minute' | 'second';
  fallback?: string;
}) {
  const state = useContext(DatePickerStateContext);
  const value = state?.value;
  const text = value ? formatDateTime(value, hourCycle, granularity) : fallback;
  if (!text) return null;
  return (
    <Text slot="description" className={styles.display} data-testid="date-display">
      {text}
    </Text>
  );
}

/** Time of the picked date, edited from inside the calendar popover. */
function PopoverTime({ hourCycle, granularity }: { hourCycle: 12 | 24; granularity: 'minute' | 'second' }) {
  const state = useContext(DatePickerStateContext);
  if (!state) return null;
  return (
    <div className={styles.time}>
      <TimeField
        label="Hora"
        hourCycle={hourCycle}
        granularity={granularity}
        value={state.timeValue}
        onChange={(t) => {
          if (t) state.setTimeValue(t);
        }}
      />
    </div>
  );
}

/**
 * Spanish date-time picker: typed segments (placeholder dd/MM/aaaa HH:mm), a calendar with month and
 * year lists limited to ±50 years, and the time in the popover. Values are @internationalized/date.
 */
export function DatePicker<T extends DateValue>({
  label,
  description,
  errorMessage,
  hourCycle = 24,
  granularity = 'second',
  referenceDate,
  minValue,
  maxValue,
  className,
  ...props
}: DatePickerProps<T>) {
  const limits = calendarLimits(referenceDate);
  const min = minValue ?? limits.minValue;
  const max = maxValue ?? limits.maxValue;
  return (
    <AriaDatePicker
      shouldForceLeadingZeros
      {...props}
      minValue={min}
      maxValue={max}
      hourCycle={hourCycle}
      granularity={granularity}
      className={[fieldClass, typeof className === 'string' ? className : ''].join(' ').trim()}
    >
      {label ? <Label>{label}</Label> : null}
      <FieldGroup>
        <SegmentedInput hourCycle={hourCycle} />
        <FieldButton aria-label="Abrir calendario">
          <Icon name="calendar" />
        </FieldButton>
      </FieldGroup>
      <ValueDisplay hourCycle={hourCycle} granularity={granularity} fallback={description} />
      <FieldError>{errorMessage}</FieldError>
      <Popover placement="bottom start">
        <Dialog className={styles.dialog} aria-label={label ? `${label}: calendario` : 'Calendario'}>
          <Calendar minValue={min} maxValue={max} />
          <PopoverTime hourCycle={hourCycle} granularity={granularity} />
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
