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
