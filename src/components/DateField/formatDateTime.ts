import type { DateValue } from '@internationalized/date';

/**
 * Display formats (date-fns patterns in the es locale):
 * 24h 'PPP HH:mm(:ss)' → "23 de diciembre de 2025 14:30(:05)";
 * 12h 'PP hh:mm(:ss) b' → "23 dic 2025 02:30(:05) p. m." (b: mediodía at 12 h, medianoche at 0 h).
 */
const MONTHS_LONG = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTHS_SHORT = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

const pad = (n: number) => String(n).padStart(2, '0');

export type HourCycle = 12 | 24;
export type TimeGranularity = 'minute' | 'second';

function timeParts(value: DateValue): { hour: number; minute: number; second: number } {
  return 'hour' in value ? value : { hour: 0, minute: 0, second: 0 };
}

export function formatDateTime(
  value: DateValue,
  hourCycle: HourCycle = 24,
  granularity: TimeGranularity = 'second',
): string {
  const { hour, minute, second } = timeParts(value);
  const sec = granularity === 'second' ? `:${pad(second)}` : '';
  if (hourCycle === 24) {
    return `${value.day} de ${MONTHS_LONG[value.month - 1]} de ${value.year} ${pad(hour)}:${pad(minute)}${sec}`;
  }
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const period = hour === 12 ? 'mediodía' : hour === 0 ? 'medianoche' : hour < 12 ? 'a. m.' : 'p. m.';
  return `${value.day} ${MONTHS_SHORT[value.month - 1]} ${value.year} ${pad(h12)}:${pad(minute)}${sec} ${period}`;
}
