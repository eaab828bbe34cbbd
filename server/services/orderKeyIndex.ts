import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import type { Executor } from '../db/tx';
import { ORDER_SEQ_DIGITS } from '../domain/types';
import { digitRanges, type OrderSearchPlan, type SeqRange } from './orderSearch';
import { FORM_SEQ_START } from './orders';

/**
 * The file orders' keys in memory, for the order search: a million keys are 10 MB of text, and a
 * substring scan of it answers any text in a few milliseconds, where the database needs a plan per
 * kind of text (and a walk of the key index for the rare ones). Each record is a dash and the padded
 * number ("-000000123"), grouped by destination in key order, so a match never spans two keys and a
 * record's place gives its destination. Form orders (from FORM_SEQ_START) are few and change with each
 * registration: they stay in the table.
 */
export class OrderKeyIndex {
  private constructor(
    /** The order_key_version this copy was read at. */
    readonly version: string,
    /** Destination codes in key order (every airport, with or without orders). */
    private readonly codes: readonly string[],
    /** Record where each code's keys start; one more entry, the total. */
    private readonly starts: Int32Array,
    private readonly text: string,
    /** The largest number held. */
    private readonly top: number,
  ) {}

  /**
   * Reads the keys in slices (a PGlite query runs on this thread: one query for a million rows would
   * hold every other request for seconds). The version is read first: a change meanwhile moves it
   * past this copy's, so the copy is never taken for a newer state.
   */
  static async build(db: Executor, version: string): Promise<OrderKeyIndex> {
    const codes = rowsOf<{ code: string }>(
      await db.execute(sql`SELECT code FROM airports ORDER BY code`),
    ).map((r) => r.code);
    const parts: string[] = [];
    const starts = new Int32Array(codes.length + 1);
    let records = 0;
    let top = 0;
    for (const [i, code] of codes.entries()) {
      starts[i] = records;
      let after = -1;
      for (;;) {
        const [row] = rowsOf<{ text: string | null; n: number; last: number | null }>(
          await db.execute(sql`
            SELECT string_agg('-' || lpad(seq::text, ${ORDER_SEQ_DIGITS}, '0'), '' ORDER BY seq) AS text,
                   count(*)::integer AS n, max(seq) AS last
            FROM (SELECT seq FROM orders WHERE destination = ${code} AND seq > ${after} AND seq < ${FORM_SEQ_START}
                  ORDER BY seq LIMIT ${SLICE}) s`),
        );
        await new Promise((resolve) => setImmediate(resolve));
        if (!row || row.text === null || row.last === null) break;
        parts.push(row.text);
        records += Number(row.n);
        after = Number(row.last);
        if (Number(row.n) < SLICE) break;
      }
      top = Math.max(top, after);
    }
    starts[codes.length] = records;
    return new OrderKeyIndex(version, codes, starts, parts.join(''), top);
  }

  /** Keys of file orders (numbers below FORM_SEQ_START) the plan matches, in key order, at most `limit`. */
  keys(plan: OrderSearchPlan, limit: number): string[] {
    if (plan.kind === 'none' || limit <= 0) return [];
    if (plan.kind === 'keys') {
      const { letters, at } = plan;
      const picks = (code: string) => (at === 'ends' ? code.endsWith(letters) : code.includes(letters));
      return this.inRanges(picks, plan.ranges === 'all' ? [ALL] : plan.ranges, limit);
    }
    // A rare number lies in a few ranges, found by bisection; a frequent one early in a scan.
    const ranges = digitRanges(plan.digits, this.top);
    return ranges ? this.inRanges(() => true, ranges, limit) : this.containing(plan.digits, limit);
  }

  private key(code: number, record: number): string {
    const at = record * RECORD;
    return `${this.codes[code]}${this.text.slice(at, at + RECORD)}`;
  }

  /** Every key whose number contains `digits`: one scan of the text, stopped at the limit. */
  private containing(digits: string, limit: number): string[] {
    const found: string[] = [];
    let code = 0;
    let from = 0;
    while (found.length < limit) {
      const at = this.text.indexOf(digits, from);
      if (at < 0) break;
      const record = Math.floor(at / RECORD);
      while (this.starts[code + 1] <= record) code++;
      found.push(this.key(code, record));
      from = (record + 1) * RECORD;
    }
    return found;
  }

  /** Keys of the destinations picked (by their upper-case code), numbers in the sorted ranges. */
  private inRanges(picks: (code: string) => boolean, ranges: readonly SeqRange[], limit: number): string[] {
    const found: string[] = [];
    for (const [code, name] of this.codes.entries()) {
      if (!picks(name.toUpperCase())) continue;
      const end = this.starts[code + 1];
      for (const [low, high] of ranges) {
        const top = padded(Math.min(high, FORM_SEQ_START - 1));
        for (let r = this.firstAtLeast(padded(low), this.starts[code], end); r < end; r++) {
          if (this.number(r) > top) break;
          found.push(this.key(code, r));
          if (found.length >= limit) return found;
        }
      }
    }
    return found;
  }

  private number(record: number): string {
    const at = record * RECORD + 1;
    return this.text.slice(at, at + ORDER_SEQ_DIGITS);
  }

  /** First record in [from, to) whose padded number is at least `value` (they ascend). */
  private firstAtLeast(value: string, from: number, to: number): number {
    let low = from;
    let high = to;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.number(mid) < value) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** A dash and the padded number. */
const RECORD = 1 + ORDER_SEQ_DIGITS;
/** Rows per query while building (25,000 held PGlite's thread 30 ms on an idle machine, 110 ms on a busy one). */
const SLICE = 5_000;
const ALL: SeqRange = [0, FORM_SEQ_START - 1];
const padded = (seq: number) => String(seq).padStart(ORDER_SEQ_DIGITS, '0');
