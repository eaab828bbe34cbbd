import type { AirportDto, BusyFlightDto, CollapseReportDto, RunDto, RunResultDto } from '../../../contract';
import { airportDisplayName } from '../map/airportName';

/** How the report, the summary card and the history put runs into words. */

const utcTime = new Intl.DateTimeFormat('es-ES', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** Wall-clock instants (when a run was started) in the operator's own time zone. */
const wallTime = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'SPIM → SEQM 21:09 local · 02:09 UTC': the plan's local departure at the origin, and the same in UTC. */
export const flightLabel = (f: Pick<BusyFlightDto, 'origen' | 'destino' | 'salidaLocal' | 'salida'>) =>
  `${f.origen} → ${f.destino} ${f.salidaLocal} local · ${utcTime.format(new Date(f.salida))} UTC`;

export type AirportNames = readonly Pick<AirportDto, 'codigo' | 'ciudad'>[];

/** 'Lima (SPIM)': the city given, or the loaded airport's; the code alone when neither is known. */
export function airportLabel(code: string, airports: AirportNames, city?: string | null) {
  const ciudad = city ?? airports.find((x) => x.codigo === code)?.ciudad;
  return airportDisplayName({ codigo: code, ciudad });
}

/** '24/01': the UTC day of an instant (Intl drops the month's leading zero without a year). */
export const formatDayUtc = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}`;
};

export const formatWallTime = (iso: string) => wallTime.format(new Date(iso)).replace(',', '');

/** Real seconds as an operator reads them: '42 s', '3 min 05 s', '1 h 26 min'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${String(s % 60).padStart(2, '0')} s`;
}

export type RunOutcome =
  | { kind: 'report'; run: RunDto; report: CollapseReportDto }
  | { kind: 'summary'; run: RunDto; summary: RunResultDto };

/** What a run ended with: a collapse report, or the summary of a run that reached its end or was stopped. */
export function runOutcome(run: RunDto | null): RunOutcome | null {
  if (!run) return null;
  if (run.estado === 'colapsada' && run.reporte) return { kind: 'report', run, report: run.reporte };
  if ((run.estado === 'terminada' || run.estado === 'detenida') && run.resumen)
    return { kind: 'summary', run, summary: run.resumen };
  return null;
}
