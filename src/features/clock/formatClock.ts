/** Operations run on UTC: every airport's local time is converted, so the clock shows UTC too. */
const timeFormat = new Intl.DateTimeFormat('es-ES', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const shortDateFormat = new Intl.DateTimeFormat('es-ES', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatClockTime = (date: Date) => timeFormat.format(date);
export const formatClockDate = (date: Date) => shortDateFormat.format(date);
