import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OrdersUploadOkDto } from '../../contract';
import { ApiError } from '../domain/errors';
import { createOrderLineParser } from '../formats/orders';
import { StreamDecoder, TextDecodeError } from '../formats/text';
import { endUpload, FilePartWriter, newUploadId } from './file-parts';
import { type DataDeps, listAirports } from './network';
import { pendingFileId, storeStaged } from './orders-move';
import { announceStaged, discardStaged, Staging } from './orders-staging';
import { encodingError, fmt, invalidFile } from './upload';

/**
 * An order file streamed through the database in slices, so that neither memory nor any single step
 * grows with the file: each piece of bytes is decoded and parsed, its valid lines go to order_staging
 * in batches (COPY, a few milliseconds each) and its bytes to file_parts; only then do the staged
 * orders move batch by batch (each statement short, the event loop free between them) and the file row
 * appear with them at once (orders-move.ts), and the live run hears of them batch by batch
 * (orders-staging.ts).
 * Repeated keys inside the file are found by the staging table's key.
 */

export type OrdersUploadResult = OrdersUploadOkDto;

/** Loads this large refresh the planner's statistics of the orders table. */
const ANALYZE_AFTER_ROWS = 10_000;

/** Stores the order file whose bytes `source` yields; answers as the upload route does. */
export async function storeOrdersUpload(
  deps: DataDeps,
  filename: string,
  source: AsyncIterable<Uint8Array>,
  /** Throws to stop between slices (the server is closing); nothing is stored then. */
  check: () => void = () => {},
): Promise<OrdersUploadResult> {
  const known = await listAirports(deps.db);
  if (known.length === 0) {
    throw new ApiError(
      400,
      'SIN_AEROPUERTOS',
      'Carga primero el archivo de aeropuertos: los pedidos se validan contra él',
    );
  }
  const gmt = new Map(known.map((a) => [a.code, a.gmt]));
  const uploadId = await newUploadId(deps.db.raw);
  const parts = new FilePartWriter(deps.db.raw, uploadId);
  const staging = new Staging(deps.db.raw, uploadId, gmt);
  let linked = false;
  try {
    const parser = createOrderLineParser(new Set(gmt.keys()), { trackDuplicates: false });
    const decoder = new StreamDecoder();
    let size = 0;
    let lastChar = '';
    let lines = 0;
    const feed = async (text: string) => {
      if (text.length === 0) return;
      lastChar = text[text.length - 1];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
      parser.push(text);
      const taken = parser.take();
      // Once the file has errors nothing of it will be stored: parsing goes on only to list them.
      if (staging.ok && parser.errorCount() === 0) {
        for (const issue of await staging.add(taken.records, taken.lines)) {
          parser.addIssue(issue.line, 'número de pedido', issue.message);
        }
      } else staging.ok = false;
    };
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (staging.ok) await parts.push(chunk);
        await feed(decoder.push(chunk));
        // Parsing a piece takes a few milliseconds; other requests get their turn between pieces.
        await nextTurn();
        check();
      }
      await feed(decoder.end());
    } catch (error) {
      if (error instanceof TextDecodeError) throw encodingError(error, filename);
      throw error;
    }
    if (lastChar !== '' && lastChar !== '\n') lines++;
    // The last line may lack a newline: only end() parses it.
    const last = parser.end();
    const rest = parser.take();
    if (staging.ok && last.errorCount === 0) await staging.add(rest.records, rest.lines);
    await staging.flush();
    for (const issue of staging.takeIssues()) parser.addIssue(issue.line, 'número de pedido', issue.message);
    const parsed = parser.end();
    if (parsed.errorCount > 0) {
      parsed.errors.sort((a, b) => a.line - b.line);
      throw invalidFile(filename, parsed);
    }
    if (staging.count === 0) {
      throw new ApiError(400, 'ARCHIVO_VACIO', `El archivo ${filename} no contiene pedidos`);
    }
    await parts.finish();

    const outcome = await storeStaged(
      deps.db,
      {
        uploadId,
        filename,
        sizeBytes: size,
        encoding: decoder.encoding ?? 'utf-8',
        lineCount: lines,
        staging,
      },
      check,
    );
    linked = outcome.fileId !== undefined;
    if (outcome.added >= ANALYZE_AFTER_ROWS) {
      // A small sample (3,000 rows): the default 30,000 read across a million-row table held PGlite's
      // thread 0.6-2 s; the release-time and key ranges the planner needs show in far fewer.
      await deps.db.raw.transaction((tx) =>
        tx.exec('SET LOCAL default_statistics_target = 10; ANALYZE order_rows'),
      );
    }
    if (outcome.fileId !== undefined)
      await announceStaged(deps, uploadId, staging.batches.length, outcome.fileId);

    let message =
      outcome.added === 0
        ? `El archivo de pedidos ${filename} no trae pedidos nuevos: no se guardó otra copia`
        : `Archivo de pedidos ${filename} cargado: ${fmt(outcome.added)} pedidos nuevos (${fmt(outcome.products)} productos)`;
    if (outcome.duplicates > 0) {
      const named =
        outcome.duplicateKeys.join(', ') + (outcome.duplicates > outcome.duplicateKeys.length ? ', …' : '');
      message += `. ${fmt(outcome.duplicates)} ${outcome.duplicates === 1 ? 'pedido ya estaba registrado y se omitió' : 'pedidos ya estaban registrados y se omitieron'}: ${named}`;
    }
    return {
      message,
      added: outcome.added,
      duplicates: outcome.duplicates,
      duplicateKeys: outcome.duplicateKeys,
      products: outcome.products,
    };
  } finally {
    // A server going away leaves this clean-up to its next start (a close must be quick); moved orders
    // of a file not stored stay hidden meanwhile.
    if (!closing(check)) {
      if (linked) await staging.clear();
      else await discardStaged(deps.db.raw, uploadId, await pendingFileId(deps.db.raw, uploadId));
      await endUpload(deps.db.raw, uploadId, linked);
    }
  }
}

/** True when `check` says the server is closing. */
function closing(check: () => void): boolean {
  try {
    check();
    return false;
  } catch {
    return true;
  }
}

/** Whole-file variant (demo seeding, tools): same validation and storage as an upload. */
export async function appendOrdersFile(
  deps: DataDeps,
  file: { filename: string; bytes: Uint8Array },
): Promise<OrdersUploadResult> {
  async function* pieces() {
    const piece = 1 << 18;
    for (let i = 0; i < file.bytes.byteLength; i += piece) yield file.bytes.subarray(i, i + piece);
  }
  return storeOrdersUpload(deps, file.filename, pieces());
}
