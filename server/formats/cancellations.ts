import type { CancellationRecord } from '../domain/types';
import { type FileParseResult, IssueCollector, isIcao, parseHhMm, quote } from './issues';
import { splitLines, stripBom } from './text';

/** Cancellations (monthly file): `dd.ORIG-DEST-HH:MM`, day of month + flight id, e.g. `01.SKBO-SEQM-03:34`. */

const FORMAT_HINT = 'se esperaba dd.ORIG-DEST-HH:MM (p. ej. 01.SKBO-SEQM-03:34)';

export function parseCancellations(
  text: string,
  knownFlights?: Set<string>,
  /** Days of the month the file's days belong to (when known): day 31 of a 30-day month is an error. */
  monthDays = 31,
): FileParseResult<CancellationRecord> {
  const issues = new IssueCollector();
  const records: CancellationRecord[] = [];
  const seen = new Map<string, number>();
  const lines = splitLines(text);

  for (let i = 0; i < lines.length; i++) {
    issues.at(lines[i]);
    const lineNo = i + 1;
    const line = stripBom(lines[i]).trim();
    if (line === '') continue;
    const dot = line.indexOf('.');
    if (dot < 0) {
      issues.add(lineNo, 'línea', `${quote(line)} no tiene el punto tras el día: ${FORMAT_HINT}`);
      continue;
    }
    const dayText = line.slice(0, dot);
    const flightId = line.slice(dot + 1);
    let ok = true;
    const bad = (field: string, message: string) => {
      issues.add(lineNo, field, message);
      ok = false;
    };
    const day = /^\d{1,2}$/.test(dayText) ? Number(dayText) : -1;
    if (day < 1 || day > 31) bad('día', `día ${quote(dayText)} no es un día del mes (01 a 31)`);
    else if (day > monthDays)
      bad('día', `día ${quote(dayText)} no existe: el mes en curso tiene ${monthDays} días`);
    const parts = flightId.split('-');
    if (parts.length !== 3) {
      bad('vuelo', `vuelo ${quote(flightId)} no tiene el formato ORIG-DEST-HH:MM: ${FORMAT_HINT}`);
    } else {
      const [origin, destination, dep] = parts;
      if (!isIcao(origin))
        bad('origen', `origen ${quote(origin)} no es un código OACI de 4 letras mayúsculas`);
      if (!isIcao(destination)) {
        bad('destino', `destino ${quote(destination)} no es un código OACI de 4 letras mayúsculas`);
      }
      if (parseHhMm(dep) < 0) {
        bad('hora de salida', `hora de salida ${quote(dep)} no es una hora válida HH:MM (00:00 a 23:59)`);
      }
      if (ok && knownFlights && !knownFlights.has(flightId)) {
        bad('vuelo', `el vuelo ${flightId} no existe en el plan de vuelos`);
      }
    }
    if (!ok) continue;
    const key = `${day}.${flightId}`;
    const prev = seen.get(key);
    if (prev !== undefined) {
      issues.add(
        lineNo,
        'vuelo',
        `cancelación del vuelo ${flightId} el día ${day} repetida (ya aparece en la línea ${prev})`,
      );
      continue;
    }
    seen.set(key, lineNo);
    records.push({ day, flightId });
  }
  return { records, errors: issues.errors, errorCount: issues.count };
}

export function writeCancellations(records: CancellationRecord[]): string {
  return records.map((r) => `${String(r.day).padStart(2, '0')}.${r.flightId}\n`).join('');
}
