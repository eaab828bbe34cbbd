/** Operations run on UTC: simulated times show as UTC. */
const dateTime = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const integer = new Intl.NumberFormat('es-ES');
const percent = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

export const formatSimTime = (iso: string) => `${dateTime.format(new Date(iso)).replace(',', '')} UTC`;
export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (n: number) => `${percent.format(n)} %`;
export const formatSpeed = (v: number | 'max') => (v === 'max' ? 'máx.' : `×${integer.format(v)}`);

/** Wall-clock time left, rounded: '1 h 05 min', '12 min', '40 s'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
export const formatDecimal = (n: number) => decimal.format(n);
