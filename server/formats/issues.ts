import type { ParseIssue, ParseResult } from '../domain/types';

/**
 * Every parser reports through this collector so that a garbage upload (hundreds of MB of wrong lines)
 * keeps only the first errors in memory while still counting them all. 50,000 covers every line of a
 * week of orders (43 k lines), so an operator gets the whole list of a real file at once; at most
 * about 15 MB whatever the upload.
 */
export const MAX_KEPT_ERRORS = 50_000;

export interface FileParseResult<T> extends ParseResult<T> {
  /** Total errors found; `errors` keeps only the first MAX_KEPT_ERRORS of them. */
  errorCount: number;
}

/** Longest line text kept with an error: enough to see it, not a 1 MB "line". */
const MAX_LINE_TEXT = 160;

export class IssueCollector {
  readonly errors: ParseIssue[] = [];
  count = 0;
  // The line being parsed, as a range of a larger string: sliced only when an error is kept.
  private src = '';
  private from = 0;
  private to = 0;

  constructor(private readonly max = MAX_KEPT_ERRORS) {}

  /** Names the line the next errors belong to (a range, so a clean line costs no copy). */
  at(source: string, from = 0, to = source.length): void {
    this.src = source;
    this.from = from;
    this.to = to;
  }

  /** `message` is the problem without the line prefix; the prefix "Línea N: " is added here. */
  add(line: number, field: string | undefined, message: string): void {
    this.count++;
    if (this.errors.length < this.max) {
      const issue: ParseIssue = { line, message: `Línea ${line}: ${message}` };
      if (field !== undefined) issue.field = field;
      if (this.to > this.from) {
        const end = Math.min(this.to, this.from + MAX_LINE_TEXT);
        issue.text = this.src.slice(this.from, end) + (end < this.to ? '…' : '');
      }
      this.errors.push(issue);
    }
  }
}

/** Quotes a value as operators see it in messages, shortened so a 1 MB "line" does not flood the UI. */
export function quote(value: string): string {
  const v = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `'${v}'`;
}

/** One-line summary for a failed upload, e.g. for a toast: "3 errores; el primero: Línea 12: ...". */
export function summarizeErrors(result: { errors: ParseIssue[]; errorCount?: number }): string {
  const total = result.errorCount ?? result.errors.length;
  if (total === 0) return 'Sin errores';
  const first = result.errors[0]?.message ?? '';
  return total === 1 ? first : `${total} errores; el primero: ${first}`;
}

const ICAO_RE = /^[A-Z]{4}$/;
export const isIcao = (s: string): boolean => ICAO_RE.test(s);

/** Parses "HH:MM" (00:00..23:59) into minutes after midnight, or -1. */
export function parseHhMm(s: string): number {
  if (s.length !== 5 || s.charCodeAt(2) !== 58) return -1;
  const h = twoDigits(s, 0);
  const m = twoDigits(s, 3);
  if (h < 0 || m < 0 || h > 23 || m > 59) return -1;
  return h * 60 + m;
}

function twoDigits(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return a * 10 + b;
}

export const formatHhMm = (min: number): string =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** Positive integer made only of digits (no sign, no decimals), or -1. */
export function parsePositiveInt(s: string): number {
  if (s.length === 0 || s.length > 9) return -1;
  let v = 0;
  for (let i = 0; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v > 0 ? v : -1;
}
