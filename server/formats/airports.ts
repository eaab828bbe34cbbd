import type { Airport, Continent } from '../domain/types';
import { type FileParseResult, IssueCollector, isIcao, quote } from './issues';
import { splitLines, stripBom } from './text';

export { decodeText } from './text';

/**
 * Airports / time-zone file: a title line, a line of '*', then continent blocks. Each block starts with a
 * header ("America del Sur.", "Europa", "Asia", tabs and trailing dots allowed) followed by fixed-width lines:
 *   05   SPIM   Lima   Perú   lima   -5   440   Latitude: 12° 01' 19" S   Longitude:  77° 06' 52" W
 * Columns are separated by runs of 2+ spaces (city and country names may contain single spaces).
 */

const FIELD = {
  line: 'línea',
  number: 'número',
  code: 'código',
  city: 'ciudad',
  gmt: 'GMT',
  capacity: 'capacidad',
  lat: 'latitud',
  lon: 'longitud',
  continent: 'continente',
} as const;

/** Header text (accents stripped, lower case) → continent. */
function continentOfHeader(line: string): Continent | null {
  const t = line
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  if (/^(america|sudamerica|norteamerica|centroamerica)\b/.test(t)) return 'America';
  if (/^(europa|europe)\b/.test(t)) return 'Europa';
  if (/^asia\b/.test(t)) return 'Asia';
  return null;
}

// Degrees, minutes, seconds and hemisphere. The seconds mark may be ", '', ' (the OPKC typo), ″ or ”.
const DMS_RE =
  /^(\d{1,3})\s*[°º]\s*(\d{1,2})\s*['′’]\s*(\d{1,2}(?:[.,]\d+)?)\s*(?:"|''|'|″|”|’’|’)?\s*([NSEWnsew])$/;
const DECIMAL_RE = /^[+-]?\d{1,3}(?:[.,]\d+)?$/;

type Axis = 'lat' | 'lon';

/** Returns decimal degrees or a Spanish reason. */
function parseCoordinate(raw: string, axis: Axis): number | string {
  const s = raw.trim();
  const label = axis === 'lat' ? 'latitud' : 'longitud';
  const limit = axis === 'lat' ? 90 : 180;
  let value: number;
  const m = DMS_RE.exec(s);
  if (m) {
    const deg = Number(m[1]);
    const min = Number(m[2]);
    const sec = Number(m[3].replace(',', '.'));
    const hemi = m[4].toUpperCase();
    if (min >= 60) return `${label} ${quote(s)} tiene ${min} minutos (máximo 59)`;
    if (sec >= 60) return `${label} ${quote(s)} tiene ${sec} segundos (máximo 59)`;
    const okHemi = axis === 'lat' ? hemi === 'N' || hemi === 'S' : hemi === 'E' || hemi === 'W';
    if (!okHemi) {
      return `${label} ${quote(s)} tiene el hemisferio '${hemi}' (use ${axis === 'lat' ? 'N o S' : 'E o W'})`;
    }
    value = deg + min / 60 + sec / 3600;
    if (hemi === 'S' || hemi === 'W') value = -value;
  } else if (DECIMAL_RE.test(s)) {
    value = Number(s.replace(',', '.'));
  } else {
    return `${label} ${quote(s)} no tiene el formato grados° minutos' segundos" hemisferio (p. ej. 12° 01' 19" S)`;
  }
  if (Math.abs(value) > limit) return `${label} ${quote(s)} está fuera del rango -${limit}..${limit}`;
  return value;
}

interface Columns {
  number: string;
  code: string;
  city: string;
  country: string;
  shortName: string;
  gmt: string;
  capacity: string;
}

/** Splits the part before "Latitude:" into the seven columns, or returns a reason. */
function splitColumns(prefix: string): Columns | string {
  const wide = prefix.trim().split(/\s{2,}/);
  if (wide.length === 7) {
    const [number, code, city, country, shortName, gmt, capacity] = wide;
    return { number, code, city, country, shortName, gmt, capacity };
  }
  // Columns squeezed to single spaces: city and country can only be told apart if each is one word.
  const t = prefix.trim().split(/\s+/);
  if (t.length === 7) {
    const [number, code, city, country, shortName, gmt, capacity] = t;
    return { number, code, city, country, shortName, gmt, capacity };
  }
  if (t.length < 7) {
    return `faltan columnas: se esperaban número, código, ciudad, país, abreviatura, GMT y capacidad antes de 'Latitude:'`;
  }
  return 'no se pueden separar ciudad y país: deje al menos dos espacios entre columnas';
}

const INT_RE = /^[+-]?\d+$/;

export function parseAirports(text: string): FileParseResult<Airport> {
  const issues = new IssueCollector();
  const records: Airport[] = [];
  const seen = new Map<string, number>();
  const lines = splitLines(text);
  let continent: Continent | null = null;
  let titleSeen = false;

  for (let i = 0; i < lines.length; i++) {
    issues.at(lines[i]);
    const lineNo = i + 1;
    const line = stripBom(lines[i]).replace(/\t/g, '    ');
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (/^\*+$/.test(trimmed)) continue;

    const latAt = line.search(/latitud(?:e)?\s*:/i);
    if (latAt < 0) {
      const header = continentOfHeader(trimmed);
      if (header) {
        continent = header;
        continue;
      }
      // The first free-text line before any block is the title (it may be anything, even start with digits).
      if (!titleSeen && records.length === 0 && continent === null) {
        titleSeen = true;
        continue;
      }
      if (/^\d/.test(trimmed)) {
        issues.add(lineNo, FIELD.lat, `falta 'Latitude:' en la línea del aeropuerto ${quote(trimmed)}`);
        continue;
      }
      issues.add(
        lineNo,
        FIELD.line,
        `línea no reconocida ${quote(trimmed)}: se esperaba un encabezado de continente (America, Europa, Asia) o un aeropuerto`,
      );
      continue;
    }

    const cols = splitColumns(line.slice(0, latAt));
    if (typeof cols === 'string') {
      issues.add(lineNo, FIELD.line, cols);
      continue;
    }
    const rest = line.slice(latAt).replace(/^latitud(?:e)?\s*:/i, '');
    const lonAt = rest.search(/longitud(?:e)?\s*:/i);
    if (lonAt < 0) {
      issues.add(lineNo, FIELD.lon, `falta 'Longitude:' en la línea del aeropuerto ${cols.code}`);
      continue;
    }
    const latRaw = rest.slice(0, lonAt);
    const lonRaw = rest.slice(lonAt).replace(/^longitud(?:e)?\s*:/i, '');

    let ok = true;
    const bad = (field: string, message: string) => {
      issues.add(lineNo, field, message);
      ok = false;
    };

    const number = Number(cols.number);
    if (!/^\d+$/.test(cols.number)) bad(FIELD.number, `número ${quote(cols.number)} no es un entero`);
    const code = cols.code;
    if (!isIcao(code)) bad(FIELD.code, `código ${quote(code)} no es un código OACI de 4 letras mayúsculas`);
    const gmt = Number(cols.gmt);
    if (!INT_RE.test(cols.gmt)) bad(FIELD.gmt, `GMT ${quote(cols.gmt)} no es un número entero de horas`);
    else if (gmt < -12 || gmt > 14) bad(FIELD.gmt, `GMT ${quote(cols.gmt)} está fuera del rango -12..+14`);
    const capacity = Number(cols.capacity);
    if (!/^\d+$/.test(cols.capacity) || capacity <= 0) {
      bad(FIELD.capacity, `capacidad ${quote(cols.capacity)} no es un entero positivo`);
    }
    const lat = parseCoordinate(latRaw, 'lat');
    if (typeof lat === 'string') bad(FIELD.lat, lat);
    const lon = parseCoordinate(lonRaw, 'lon');
    if (typeof lon === 'string') bad(FIELD.lon, lon);
    if (continent === null) {
      bad(
        FIELD.continent,
        `el aeropuerto ${code} no está dentro de un bloque de continente (falta el encabezado America, Europa o Asia)`,
      );
    }
    if (isIcao(code)) {
      const prev = seen.get(code);
      if (prev !== undefined)
        bad(FIELD.code, `código ${quote(code)} repetido (ya aparece en la línea ${prev})`);
      else seen.set(code, lineNo);
    }
    if (!ok || typeof lat === 'string' || typeof lon === 'string' || continent === null) continue;

    records.push({
      number,
      code,
      city: cols.city,
      country: cols.country,
      shortName: cols.shortName,
      gmt,
      capacity,
      lat,
      lon,
      continent,
    });
  }

  if (records.length === 0 && issues.count === 0) {
    issues.add(1, undefined, 'el archivo no contiene ningún aeropuerto');
  }
  return { records, errors: issues.errors, errorCount: issues.count };
}

// ---------------------------------------------------------------------------------------------------------
// Writer: the real layout (fixed-width columns), so generated files look like the official one.

const CONTINENT_HEADER: Record<Continent, string> = {
  America: 'America del Sur.',
  Europa: 'Europa',
  Asia: 'Asia',
};

function toDms(value: number, axis: Axis): string {
  const hemi = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const total = Math.round(Math.abs(value) * 3600);
  const d = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${p2(d)}° ${p2(m)}' ${p2(s)}" ${hemi}`;
}

export interface WriteAirportsOptions {
  title?: string;
  /** Line ending; the official file uses CRLF. */
  eol?: '\r\n' | '\n';
}

/** Writes airports grouped by continent (America, Europa, Asia) in the official fixed-width layout. */
export function writeAirports(airports: Airport[], options: WriteAirportsOptions = {}): string {
  const eol = options.eol ?? '\r\n';
  const out: string[] = [options.title ?? 'MoraPack: aeropuertos y husos horarios', '*'.repeat(119)];
  for (const continent of ['America', 'Europa', 'Asia'] as const) {
    const block = airports.filter((a) => a.continent === continent);
    if (block.length === 0) continue;
    out.push(`       ${CONTINENT_HEADER[continent].padEnd(40)}GMT  CAPACIDAD`);
    for (const a of block) {
      const gmt = a.gmt > 0 ? `+${a.gmt}` : String(a.gmt);
      out.push(
        `${String(a.number).padStart(2, '0')}   ${a.code}   ${a.city.padEnd(18)}  ${a.country.padEnd(14)}  ` +
          `${a.shortName.padEnd(6)}  ${gmt.padEnd(5)}  ${String(a.capacity).padEnd(6)}  ` +
          `Latitude: ${toDms(a.lat, 'lat')}   Longitude:  ${toDms(a.lon, 'lon')}`,
      );
    }
    out.push('');
  }
  return out.join(eol) + eol;
}
