import { CalendarDate, type DateValue, getLocalTimeZone, today } from '@internationalized/date';

/** The calendar's year list spans 50 years either side of the current year. */
export const CALENDAR_YEAR_RANGE = 50;

export function calendarLimits(reference: DateValue = today(getLocalTimeZone())): {
  minValue: CalendarDate;
  maxValue: CalendarDate;
} {
  return {
    minValue: new CalendarDate(reference.year - CALENDAR_YEAR_RANGE, 1, 1),
    maxValue: new CalendarDate(reference.year + CALENDAR_YEAR_RANGE, 12, 31),
  };
}

export function yearsBetween(min: DateValue, max: DateValue): number[] {
  const years: number[] = [];
  for (let y = min.year; y <= max.year; y++) years.push(y);
  return years;
}

/** Spanish month names (capitalised for the header list). */
export const MONTH_NAMES = Array.from({ length: 12 }, (_, i) => {
  const name = new Intl.DateTimeFormat('es-ES', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, i, 1)),
  );
  return name.charAt(0).toUpperCase() + name.slice(1);
});
