import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import type { Executor } from '../db/tx';
import { OrderKeyIndex } from './orderKeyIndex';
import { KEY, planOrderSearch, searchTable } from './orderSearch';
import { FORM_SEQ_START } from './orders';

/**
 * The order search as served ('Pedido' pick list): file orders from this instance's in-memory copy of
 * their keys when it is current (order_key_version, moved by any instance's writes), form orders from
 * the table; the table alone while the copy is being read, after start or after a file of orders.
 */

/** Each database's copy of the file orders' keys, and the copy being read. */
const copies = new WeakMap<Executor, { ready?: OrderKeyIndex; reading?: Promise<OrderKeyIndex> }>();

/** The copy if it was read at `version`; otherwise starts reading one (at most one at a time). */
function currentIndex(db: Executor, version: string): OrderKeyIndex | undefined {
  const held = copies.get(db) ?? {};
  copies.set(db, held);
  if (held.ready?.version === version) return held.ready;
  if (!held.reading) {
    const reading = OrderKeyIndex.build(db, version);
    held.reading = reading;
    reading
      .then((index) => {
        held.ready = index;
      })
      // A failed read (the database closing, say) is tried again on the next search.
      .catch(() => {})
      .finally(() => {
        if (held.reading === reading) held.reading = undefined;
      });
  }
  return undefined;
}

async function storedVersion(db: Executor): Promise<string> {
  const [row] = rowsOf<{ version: string | number }>(
    await db.execute(sql`SELECT version FROM order_key_version`),
  );
  return String(row?.version ?? '');
}

/**
 * Reads the file orders' keys into memory unless they are there (searches use them from then on);
 * a failed read throws here.
 */
export async function loadOrderKeyIndex(db: Executor): Promise<void> {
  for (;;) {
    if (currentIndex(db, await storedVersion(db))) return;
    await copies.get(db)?.reading;
  }
}

/**
 * One statement: the stored version, and the form orders' keys containing `text` (upper case, only
 * key characters), in key order; each destination's form numbers are a short walk of the primary key.
 */
async function versionAndFormKeys(
  db: Executor,
  text: string,
  limit: number,
): Promise<{ version: string; keys: string[] }> {
  const rows = rowsOf<{ version: string | number; key: string | null }>(
    await db.execute(sql`
      SELECT v.version, f.key FROM order_key_version v LEFT JOIN LATERAL (
        SELECT ${KEY} AS key, o.destination, o.seq FROM airports a CROSS JOIN LATERAL (
          SELECT destination, seq FROM orders
          WHERE destination = a.code AND seq >= ${FORM_SEQ_START} AND strpos(upper(${KEY}), ${text}) > 0
          ORDER BY seq LIMIT ${limit}) o
        ORDER BY o.destination, o.seq LIMIT ${limit}) f ON true
      ORDER BY f.destination, f.seq`),
  );
  return {
    version: String(rows[0]?.version ?? ''),
    keys: rows.flatMap((r) => (r.key === null ? [] : [r.key])),
  };
}

/** Two key lists in key order (destination, then number) merged, at most `limit`. */
function mergeKeys(a: readonly string[], b: readonly string[], limit: number): string[] {
  const split = (key: string) => {
    const dash = key.lastIndexOf('-');
    return [key.slice(0, dash), key.slice(dash + 1)] as const;
  };
  const before = (x: string, y: string) => {
    const [dx, nx] = split(x);
    const [dy, ny] = split(y);
    return dx === dy ? nx < ny : dx < dy;
  };
  const merged: string[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < limit && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && before(a[i], b[j]))) merged.push(a[i++]);
    else merged.push(b[j++]);
  }
  return merged;
}

/** Order keys containing `text` (any case), in key order, at most `limit`. */
export async function searchOrderKeys(db: Executor, text: string, limit: number): Promise<string[]> {
  const plan = planOrderSearch(text);
  if (plan.kind === 'none') return [];
  const { version, keys: form } = await versionAndFormKeys(db, text.trim().toUpperCase(), limit);
  const index = currentIndex(db, version);
  if (!index) return searchTable(db, plan, limit);
  return mergeKeys(index.keys(plan, limit), form, limit);
}
