import { MAX_FILE_ORDER_QUANTITY } from '../../contract/orderRules';
import { MAX_YEAR, MIN_YEAR } from '../../contract/time';
import type { OrderRecord } from '../domain/types';
import { type FileParseResult, IssueCollector, quote } from './issues';

/**
 * Orders: `NNNNNNNNN-yyyymmdd-hh-mm-DEST-QQQ-CCCCCCC` (sequence, local date and time at the destination,
 * destination ICAO, quantity, 7-digit client). Files reach millions of lines, so lines are scanned with
 * charCodeAt over the whole text (no split, no regex, no per-field substrings except the two kept).
 * (destination, sequence) must be unique within one upload.
 */

export type OrdersParseResult = FileParseResult<OrderRecord>;

export interface OrderLineParser {
  /** Feed the next piece of text; pieces may cut lines anywhere. */
  push(chunk: string): void;
  /** Finish (the last line may lack a newline) and return everything parsed (and not yet taken). */
  end(): OrdersParseResult;
  /** The valid orders parsed since the last call, with the line of each; they are not kept. */
  take(): { records: OrderRecord[]; lines: number[] };
  /** Errors found so far. */
  errorCount(): number;
  /** Reports a problem found outside the parser (e.g. a key repeated across a streamed file). */
  addIssue(line: number, field: string, message: string): void;
}

export interface OrderLineParserOptions {
  /**
   * Repeated keys are found by the parser (default). A streamed upload turns it off: the map of every
   * key would grow with the file, so its staging table's primary key finds them instead.
   */
  trackDuplicates?: boolean;
}

const FORMAT_HINT =
  'se esperaba NNNNNNNNN-aaaammdd-hh-mm-DEST-CCC-CLIENTE (p. ej. 000000001-20250102-01-38-EBCI-006-0007729)';
/** Longer "lines" are garbage (binary, a file without newlines): report once, skip to the next newline. */
const MAX_LINE = 1000;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Value of s[from..to) when it is 1..9 ASCII digits, else -1. */
function digits(s: string, from: number, to: number): number {
  const len = to - from;
  if (len <= 0 || len > 9) return -1;
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 0xfeff || c === 13;

interface DestInfo {
  code: string;
  known: boolean;
  /** seq → first line. One map per destination keeps keys small integers, which V8 hashes ~5x faster. */
  firstLine: Map<number, number>;
}

export function createOrderLineParser(
  knownAirports?: Set<string>,
  options: OrderLineParserOptions = {},
): OrderLineParser {
  const trackDuplicates = options.trackDuplicates ?? true;
  const issues = new IssueCollector();
  let records: OrderRecord[] = [];
  let recordLines: number[] = [];
  const dests = new Map<number, DestInfo>();
  const dash = new Int32Array(8);
  let lineNo = 0;
  let carry = '';
  let skippingLongLine = false;

  function dest(s: string, at: number): DestInfo | string {
    let key = 0;
    for (let i = at; i < at + 4; i++) {
      const c = s.charCodeAt(i);
      if (c < 65 || c > 90) return s.slice(at, at + 4);
      key = key * 32 + (c - 64);
    }
    let info = dests.get(key);
    if (!info) {
      const code = s.slice(at, at + 4);
      info = { code, known: knownAirports ? knownAirports.has(code) : true, firstLine: new Map() };
      dests.set(key, info);
    }
    return info;
  }

  function parseLine(s: string, a: number, b: number, line: number): void {
    while (a < b && isSpace(s.charCodeAt(a))) a++;
    while (b > a && isSpace(s.charCodeAt(b - 1))) b--;
    if (a === b) return;

    let n = 0;
    for (let i = a; i < b && n < 8; i++) if (s.charCodeAt(i) === 45) dash[n++] = i;
    if (n !== 6) {
      // A negative quantity shows up as an empty field before it ("EBCI--06-...").
      if (n === 7 && dash[5] === dash[4] + 1) {
        const raw = s.slice(dash[5], dash[6]);
        issues.add(
          line,
          'cantidad',
          `cantidad ${quote(raw)} es negativa: debe ser un entero mayor o igual a 1`,
        );
      } else {
        issues.add(
          line,
          'línea',
          `${quote(s.slice(a, b))} no tiene 7 campos separados por '-': ${FORMAT_HINT}`,
        );
      }
      return;
    }
    const d0 = dash[0];
    const d1 = dash[1];
    const d2 = dash[2];
    const d3 = dash[3];
    const d4 = dash[4];
    const d5 = dash[5];
    let ok = true;

    const seq = digits(s, a, d0);
    if (seq < 0) {
      issues.add(
        line,
        'número de pedido',
        `número de pedido ${quote(s.slice(a, d0))} no es un número de hasta 9 dígitos`,
      );
      ok = false;
    }

    let year = -1;
    let month = -1;
    let day = -1;
    if (d1 - d0 - 1 !== 8 || digits(s, d0 + 1, d1) < 0) {
      issues.add(
        line,
        'fecha',
        `fecha ${quote(s.slice(d0 + 1, d1))} no tiene el formato aaaammdd (p. ej. 20250102)`,
      );
      ok = false;
    } else {
      year = digits(s, d0 + 1, d0 + 5);
      month = digits(s, d0 + 5, d0 + 7);
      day = digits(s, d0 + 7, d1);
      const dim = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1];
      if (month < 1 || month > 12 || day < 1 || day > dim) {
        issues.add(line, 'fecha', `fecha ${quote(s.slice(d0 + 1, d1))} no existe en el calendario`);
        ok = false;
      } else if (year < MIN_YEAR || year > MAX_YEAR) {
        issues.add(
          line,
          'fecha',
          `fecha ${quote(s.slice(d0 + 1, d1))} fuera del rango admitido (años ${MIN_YEAR} a ${MAX_YEAR})`,
        );
        ok = false;
      }
    }

    const hour = d2 - d1 - 1 <= 2 ? digits(s, d1 + 1, d2) : -1;
    if (hour < 0 || hour > 23) {
      issues.add(line, 'hora', `hora ${quote(s.slice(d1 + 1, d2))} no es una hora válida (00 a 23)`);
      ok = false;
    }
    const minute = d3 - d2 - 1 <= 2 ? digits(s, d2 + 1, d3) : -1;
    if (minute < 0 || minute > 59) {
      issues.add(line, 'minuto', `minuto ${quote(s.slice(d2 + 1, d3))} no es un minuto válido (00 a 59)`);
      ok = false;
    }

    let info: DestInfo | undefined;
    const dr = d4 - d3 - 1 === 4 ? dest(s, d3 + 1) : s.slice(d3 + 1, d4);
    if (typeof dr === 'string') {
      issues.add(line, 'destino', `destino ${quote(dr)} no es un código OACI de 4 letras mayúsculas`);
      ok = false;
    } else if (!dr.known) {
      issues.add(
        line,
        'destino',
        `el aeropuerto de destino ${dr.code} no existe en el archivo de aeropuertos`,
      );
      ok = false;
    } else info = dr;

    const quantity = digits(s, d4 + 1, d5);
    // More than nine digits reads as -1: still a number, only too large.
    const tooLarge =
      quantity > MAX_FILE_ORDER_QUANTITY ||
      (quantity < 0 && d5 > d4 + 1 && /^\d+$/.test(s.slice(d4 + 1, d5)));
    if (tooLarge) {
      issues.add(
        line,
        'cantidad',
        `cantidad ${quote(s.slice(d4 + 1, d5))} supera el máximo de ${MAX_FILE_ORDER_QUANTITY} productos por pedido`,
      );
      ok = false;
    } else if (quantity < 1) {
      issues.add(
        line,
        'cantidad',
        `cantidad ${quote(s.slice(d4 + 1, d5))} no es un entero mayor o igual a 1`,
      );
      ok = false;
    }

    if (b - d5 - 1 !== 7 || digits(s, d5 + 1, b) < 0) {
      issues.add(line, 'cliente', `cliente ${quote(s.slice(d5 + 1, b))} no es un código de 7 dígitos`);
      ok = false;
    }
    if (!ok || !info) return;

    if (trackDuplicates) {
      const prev = info.firstLine.get(seq);
      if (prev !== undefined) {
        issues.add(line, 'número de pedido', repeatedOrderMessage(s.slice(a, d0), info.code, prev));
        return;
      }
      info.firstLine.set(seq, line);
    }
    recordLines.push(line);
    records.push({
      seq,
      destination: info.code,
      year,
      month,
      day,
      hour,
      minute,
      quantity,
      clientId: s.slice(d5 + 1, b),
    });
  }

  /** Handles s[a..b) as one complete line. */
  function completeLine(s: string, a: number, b: number): void {
    lineNo++;
    if (skippingLongLine) {
      skippingLongLine = false;
      return;
    }
    if (b - a > MAX_LINE) {
      issues.add(
        lineNo,
        'línea',
        `la línea tiene ${b - a} caracteres: no es una línea de pedido (${FORMAT_HINT})`,
      );
      return;
    }
    issues.at(s, a, b);
    parseLine(s, a, b, lineNo);
  }

  return {
    push(chunk: string): void {
      let s = chunk;
      if (carry.length > 0) {
        s = carry + chunk;
        carry = '';
      }
      let start = 0;
      let nl = s.indexOf('\n');
      while (nl >= 0) {
        completeLine(s, start, nl);
        start = nl + 1;
        nl = s.indexOf('\n', start);
      }
      if (start < s.length) {
        const rest = s.length - start;
        if (skippingLongLine) return;
        if (rest > MAX_LINE) {
          // Report now and drop the text: a newline-free 300 MB upload must not pile up in memory.
          issues.add(
            lineNo + 1,
            'línea',
            `la línea tiene más de ${MAX_LINE} caracteres: no es una línea de pedido (${FORMAT_HINT})`,
          );
          skippingLongLine = true;
          return;
        }
        carry = s.slice(start);
      }
    },
    end(): OrdersParseResult {
      if (carry.length > 0 || skippingLongLine) {
        completeLine(carry, 0, carry.length);
        carry = '';
      }
      return { records, errors: issues.errors, errorCount: issues.count };
    },
    errorCount: () => issues.count,
    take() {
      const taken = { records, lines: recordLines };
      records = [];
      recordLines = [];
      return taken;
    },
    addIssue(line, field, message) {
      issues.at('');
      issues.add(line, field, message);
    },
  };
}

export function repeatedOrderMessage(seqText: string, destination: string, firstLine: number): string {
  return `pedido ${seqText} con destino ${destination} repetido: ya aparece en la línea ${firstLine}`;
}

export function parseOrders(text: string, knownAirports?: Set<string>): OrdersParseResult {
  const parser = createOrderLineParser(knownAirports);
  parser.push(text);
  return parser.end();
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function formatOrderLine(o: OrderRecord): string {
  return `${pad(o.seq, 9)}-${pad(o.year, 4)}${pad(o.month, 2)}${pad(o.day, 2)}-${pad(o.hour, 2)}-${pad(o.minute, 2)}-${o.destination}-${pad(o.quantity, 3)}-${o.clientId}`;
}

/** Writes orders in the official format, LF, final newline. */
export function writeOrders(orders: OrderRecord[]): string {
  const parts = new Array<string>(orders.length);
  for (let i = 0; i < orders.length; i++) parts[i] = formatOrderLine(orders[i]);
  return parts.length ? `${parts.join('\n')}\n` : '';
}
