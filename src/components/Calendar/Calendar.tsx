import type { DateValue } from '@internationalized/date';
import { useContext } from 'react';
import {
  Calendar as AriaCalendar,
  type CalendarProps as AriaCalendarProps,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
} from 'react-aria-components';
import { FieldButton } from '../Field/Field';
import { Select } from '../Select/Select';
import * as styles from './Calendar.css';
import { calendarLimits, MONTH_NAMES, yearsBetween } from './limits';

export interface CalendarProps<T extends DateValue> extends Omit<AriaCalendarProps<T>, 'children'> {
  /** Today for the year range; defaults to the device's today. Stories fix it. */
  referenceDate?: DateValue;
}

/** Month and year dropdowns that move the visible month; the years are the calendar's limits. */
function CalendarHeader() {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const focused = state.focusedDate;
  const min = state.minValue ?? calendarLimits().minValue;
  const max = state.maxValue ?? calendarLimits().maxValue;
  const years = yearsBetween(min, max).map((y) => ({ value: String(y), label: String(y) }));
  const months = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
  return (
    <div className={styles.header}>
      <FieldButton slot="previous" aria-label="Mes anterior">
        ‹
      </FieldButton>
      <Select
        aria-label="Mes"
        compact
        className={styles.month}
        options={months}
        value={String(focused.month)}
        onChange={(m) => state.setFocusedDate(focused.set({ month: Number(m), day: 1 }))}
      />
      <Select
        aria-label="Año"
        compact
        className={styles.year}
        options={years}
        value={String(focused.year)}
        onChange={(y) => state.setFocusedDate(focused.set({ year: Number(y), day: 1 }))}
      />
      <FieldButton slot="next" aria-label="Mes siguiente">
        ›
      </FieldButton>
    </div>
  );
}

/**
 * Spanish calendar: weeks start on Monday (es-ES; the week holding 1 January is week 1), month and
 * year dropdowns, and limits 50 years either side of the current year, where the previous/next
 * month buttons disable themselves.
 */
export function Calendar<T extends DateValue>({
  referenceDate,
  minValue,
  maxValue,
  ...props
}: CalendarProps<T>) {
  const limits = calendarLimits(referenceDate);
  return (
    <AriaCalendar
      firstDayOfWeek="mon"
      minValue={minValue ?? limits.minValue}
      maxValue={maxValue ?? limits.maxValue}
      {...props}
      className={styles.calendar}
    >
      <CalendarHeader />
      <CalendarGrid className={styles.grid}>
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className={styles.weekday}>{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>{(date) => <CalendarCell date={date} className={styles.cell} />}</CalendarGridBody>
      </CalendarGrid>
    </AriaCalendar>
  );
}
