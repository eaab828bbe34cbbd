import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import type { Executor } from '../db/tx';
import { ORDER_SEQ_DIGITS } from '../domain/types';
import { FORM_SEQ_START } from './orders';

/**
 * Order keys (DEST-000000123) containing a text, in key order, answered from the primary key
 * (destination, seq) instead of a scan: a key is a destination, a dash and a zero-padded number, so
 * most texts pin down which destinations and which number ranges can hold them.
 * - "BO-0001": destinations ending in BO, numbers starting 0001 (one range).
 * - "SKB": destinations containing SKB, every number.
 * - "0000123": numbers whose padded digits contain it: one range per position (and per leading value
 *   below the largest number stored), read as ranges when they are few and cover little.
 * Texts that match most numbers ("1", "00") are read in key order with a filter: the first matches
 * come after a few rows. Numbers from the order form (from FORM_SEQ_START) are filtered by text.
 * The plan also picks the ranges the in-memory keys are bisected by (orderKeyIndex.ts); the table
 * search answers while those keys are being read.
 */

/** A search on the stored keys. */
export type OrderSearchPlan =
  | { kind: 'none' }
  /** Keys of the destinations matching `letters` (`at` says where), numbers in `ranges` (or all). */
  | { kind: 'keys'; letters: string; at: 'contains' | 'ends'; ranges: SeqRange[] | 'all' }
  /** Every destination, numbers whose padded digits contain `digits`. */
  | { kind: 'digits'; digits: string };

/** Inclusive. */
export type SeqRange = readonly [number, number];

/** More ranges than this are read as a filtered walk in key order. */
const MAX_RANGES = 64;
/** Ranges covering more than this share of the numbers are read as a filtered walk too. */
const MAX_COVERED_SHARE = 0.1;

export function planOrderSearch(raw: string): OrderSearchPlan {
  const text = raw.trim().toUpperCase();
  if (!/^[A-Z0-9-]*$/.test(text)) return { kind: 'none' };
  const dash = text.indexOf('-');
  if (dash >= 0) {
    const left = text.slice(0, dash);
    const right = text.slice(dash + 1);
    if (!/^[A-Z]*$/.test(left) || !/^[0-9]*$/.test(right) || right.length > ORDER_SEQ_DIGITS) {
      return { kind: 'none' };
    }
    if (right === '') return { kind: 'keys', letters: left, at: 'ends', ranges: 'all' };
    const scale = 10 ** (ORDER_SEQ_DIGITS - right.length);
    const low = Number(right) * scale;
    return { kind: 'keys', letters: left, at: 'ends', ranges: [[low, low + scale - 1]] };
  }
  if (/^[A-Z]+$/.test(text)) return { kind: 'keys', letters: text, at: 'contains', ranges: 'all' };
  if (/^[0-9]+$/.test(text) && text.length <= ORDER_SEQ_DIGITS) return { kind: 'digits', digits: text };
  // Empty text: every key. Letters next to digits without a dash: no key has them.
  return text === '' ? { kind: 'keys', letters: '', at: 'contains', ranges: 'all' } : { kind: 'none' };
}

/**
 * The numbers up to `maxSeq` whose padded digits contain `digits`, as sorted disjoint ranges, or
 * undefined when they are too many or cover too much to be worth reading as ranges.
 */
export function digitRanges(digits: string, maxSeq: number): SeqRange[] | undefined {
  const width = digits.length;
  const value = Number(digits);
  const found: [number, number][] = [];
  for (let at = 0; at + width <= ORDER_SEQ_DIGITS; at++) {
    const tail = 10 ** (ORDER_SEQ_DIGITS - at - width);
    const block = tail * 10 ** width;
    // Numbers = lead * block + value * tail + [0, tail): one range per leading value.
    const leads = Math.floor(maxSeq / block) + 1;
    if (found.length + leads > MAX_RANGES * 4) return undefined;
    for (let lead = 0; lead < leads; lead++) {
      const low = lead * block + value * tail;
      if (low > maxSeq) break;
      found.push([low, Math.min(low + tail - 1, maxSeq)]);
    }
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [low, high] of found) {
    const last = merged.at(-1);
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  const covered = merged.reduce((sum, [low, high]) => sum + high - low + 1, 0);
  if (merged.length > MAX_RANGES || covered > MAX_COVERED_SHARE * (maxSeq + 1)) return undefined;
  return merged;
}

/** An order's key as the search reads it (DEST-000000123). */
export const KEY = sql`(destination || '-' || lpad(seq::text, ${ORDER_SEQ_DIGITS}, '0'))`;

/** Destination codes matching a LIKE pattern, in key order. */
async function destinationsLike(db: Executor, pattern: string): Promise<string[]> {
  const rows = await db.execute(
    sql`SELECT code FROM airports WHERE upper(code) LIKE ${pattern} ORDER BY code`,
  );
  return rowsOf<{ code: string }>(rows).map((r) => r.code);
}

const keysOf = (result: unknown) => rowsOf<{ key: string }>(result).map((r) => r.key);

/** A number range to read; `filtered` ranges keep only the numbers whose key contains `digits`. */
interface ReadRange {
  low: number;
  high: number;
  filtered: boolean;
}

/** One query: each destination and range a probe of the primary key (a few hundred at most, never a scan). */
async function readRanges(
  db: Executor,
  codes: readonly string[],
  ranges: readonly ReadRange[],
  digits: string,
  limit: number,
): Promise<string[]> {
  if (codes.length === 0 || ranges.length === 0) return [];
  const list = <T>(values: readonly T[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const result = await db.execute(sql`
    SELECT o.destination || '-' || lpad(o.seq::text, ${ORDER_SEQ_DIGITS}, '0') AS key
    FROM unnest(ARRAY[${list(codes)}]::text[]) AS d(code)
    CROSS JOIN unnest(ARRAY[${list(ranges.map((r) => r.low))}]::integer[],
                      ARRAY[${list(ranges.map((r) => r.high))}]::integer[],
                      ARRAY[${list(ranges.map((r) => r.filtered))}]::boolean[]) AS r(low, high, filtered)
    CROSS JOIN LATERAL (
      SELECT destination, seq FROM orders
      WHERE destination = d.code AND seq BETWEEN r.low AND r.high
        AND (NOT r.filtered OR strpos(lpad(seq::text, ${ORDER_SEQ_DIGITS}, '0'), ${digits}) > 0)
      ORDER BY seq LIMIT ${limit}
    ) o
    ORDER BY o.destination, o.seq LIMIT ${limit}`);
  return keysOf(result);
}

/**
 * Keys of `codes` in number ranges, in key order, at most `limit`. The first destinations usually fill
 * the list: just enough of them are read first (by how many numbers the ranges hold), the rest if needed.
 */
async function keysInRanges(
  db: Executor,
  codes: readonly string[],
  ranges: readonly ReadRange[],
  digits: string,
  limit: number,
): Promise<string[]> {
  const perDestination = ranges.reduce((sum, r) => sum + (r.filtered ? 0 : r.high - r.low + 1), 0);
  const first = codes.slice(0, Math.ceil(limit / Math.max(1, perDestination)) + 1);
  const keys = await readRanges(db, first, ranges, digits, limit);
  if (keys.length >= limit || first.length === codes.length) return keys;
  return [...keys, ...(await readRanges(db, codes.slice(first.length), ranges, digits, limit - keys.length))];
}

const plainRanges = (ranges: readonly SeqRange[]): ReadRange[] =>
  ranges.map(([low, high]) => ({ low, high, filtered: false }));

export type SearchablePlan = Exclude<OrderSearchPlan, { kind: 'none' }>;

/**
 * The search on the table alone, through its primary key (server/services/orderKeys.ts answers from
 * memory when it can, and from here while it reads the keys).
 */
export async function searchTable(db: Executor, plan: SearchablePlan, limit: number): Promise<string[]> {
  if (plan.kind === 'keys') {
    const pattern = plan.at === 'ends' ? `%${plan.letters}` : `%${plan.letters}%`;
    const codes = await destinationsLike(db, pattern);
    if (plan.ranges !== 'all') return keysInRanges(db, codes, plainRanges(plan.ranges), '', limit);
    if (codes.length === 0) return [];
    // A literal list (not a subquery): the planner then walks each destination's key range.
    const list = sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    );
    return keysOf(
      await db.execute(
        sql`SELECT ${KEY} AS key FROM orders WHERE destination = ANY(ARRAY[${list}]::text[])
            ORDER BY destination, seq LIMIT ${limit}`,
      ),
    );
  }
  // strpos, not LIKE: the trigram index reads every key for a short or zero-padded text; the primary
  // key walk stops at the limit.
  const contains = sql`strpos(${KEY}, ${plan.digits}) > 0`;
  const [{ top }] = rowsOf<{ top: number | null }>(
    await db.execute(sql`SELECT max(m) AS top FROM airports a CROSS JOIN LATERAL
      (SELECT max(seq) AS m FROM orders o WHERE o.destination = a.code AND o.seq < ${FORM_SEQ_START}) x`),
  );
  const ranges = digitRanges(plan.digits, Math.min(top ?? 0, FORM_SEQ_START - 1));
  if (ranges === undefined) {
    // Dense: the first matches come after a few rows in key order.
    return keysOf(
      await db.execute(
        sql`SELECT ${KEY} AS key FROM orders WHERE ${contains} ORDER BY destination, seq LIMIT ${limit}`,
      ),
    );
  }
  // Form numbers are few: filtered by text within each destination's form range.
  const form: ReadRange = { low: FORM_SEQ_START, high: 10 ** ORDER_SEQ_DIGITS - 1, filtered: true };
  return keysInRanges(
    db,
    await destinationsLike(db, '%'),
    [...plainRanges(ranges), form],
    plan.digits,
    limit,
  );
}
