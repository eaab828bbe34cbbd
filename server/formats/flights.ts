import type { DailyFlight } from '../domain/types';
import {
  type FileParseResult,
  formatHhMm,
  IssueCollector,
  isIcao,
  parseHhMm,
  parsePositiveInt,
  quote,
} from './issues';
import { splitLines, stripBom } from './text';

/**
 * Flight plan: one daily flight per line, `ORIG-DEST-HH:MM-HH:MM-CCCC`
 * (departure local to the origin, arrival local to the destination, capacity in products).
 * `ORIG-DEST-HH:MM` identifies the flight and must be unique.
 */

export const flightId = (origin: string, destination: string, depLocal: number): string =>
  `${origin}-${destination}-${formatHhMm(depLocal)}`;

const FORMAT_HINT = 'se esperaba ORIG-DEST-HH:MM-HH:MM-CAPACIDAD (p. ej. SKBO-SEQM-03:34-05:21-0300)';

export function parseFlights(text: string, knownAirports?: Set<string>): FileParseResult<DailyFlight> {
  const issues = new IssueCollector();
  const records: DailyFlight[] = [];
  const seen = new Map<string, number>();
  const lines = splitLines(text);

  for (let i = 0; i < lines.length; i++) {
    issues.at(lines[i]);
    const lineNo = i + 1;
    const line = stripBom(lines[i]).trim();
    if (line === '') continue;
    const parts = line.split('-');
    if (parts.length !== 5) {
      issues.add(
        lineNo,
        'línea',
        `${quote(line)} tiene ${parts.length} campos separados por '-': ${FORMAT_HINT}`,
      );
      continue;
    }
    const [origin, destination, dep, arr, cap] = parts.map((p) => p.trim());
    let ok = true;
    const bad = (field: string, message: string) => {
      issues.add(lineNo, field, message);
      ok = false;
    };
    if (!isIcao(origin)) bad('origen', `origen ${quote(origin)} no es un código OACI de 4 letras mayúsculas`);
    else if (knownAirports && !knownAirports.has(origin)) {
      bad('origen', `el aeropuerto de origen ${origin} no existe en el archivo de aeropuertos`);
    }
    if (!isIcao(destination)) {
      bad('destino', `destino ${quote(destination)} no es un código OACI de 4 letras mayúsculas`);
    } else if (knownAirports && !knownAirports.has(destination)) {
      bad('destino', `el aeropuerto de destino ${destination} no existe en el archivo de aeropuertos`);
    }
    if (ok && origin === destination) bad('destino', `el vuelo sale y llega al mismo aeropuerto (${origin})`);
    const depLocal = parseHhMm(dep);
    if (depLocal < 0)
      bad('hora de salida', `hora de salida ${quote(dep)} no es una hora válida HH:MM (00:00 a 23:59)`);
    const arrLocal = parseHhMm(arr);
    if (arrLocal < 0) {
      bad('hora de llegada', `hora de llegada ${quote(arr)} no es una hora válida HH:MM (00:00 a 23:59)`);
    }
    const capacity = parsePositiveInt(cap);
    if (capacity < 0) bad('capacidad', `capacidad ${quote(cap)} no es un entero positivo`);
    if (!ok) continue;

    const id = flightId(origin, destination, depLocal);
    const prev = seen.get(id);
    if (prev !== undefined) {
      issues.add(lineNo, 'vuelo', `vuelo ${id} repetido (ya aparece en la línea ${prev})`);
      continue;
    }
    seen.set(id, lineNo);
    records.push({ id, origin, destination, depLocal, arrLocal, capacity });
  }
  return { records, errors: issues.errors, errorCount: issues.count };
}

/** Writes the flight plan in the official format (capacity zero-padded to 4 digits, LF, final newline). */
export function writeFlights(flights: DailyFlight[]): string {
  let out = '';
  for (const f of flights) {
    out += `${f.origin}-${f.destination}-${formatHhMm(f.depLocal)}-${formatHhMm(f.arrLocal)}-${String(f.capacity).padStart(4, '0')}\n`;
  }
  return out;
}
