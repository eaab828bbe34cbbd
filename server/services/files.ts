import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { desc, eq, sql } from 'drizzle-orm';
import type { FileKind, FileStatusDto } from '../../contract';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import type { Executor } from '../db/tx';
import { ApiError } from '../domain/errors';
import { stripBom } from '../formats/text';
import { readParts } from './file-parts';

/** Bytes received from an operator, before any validation. */
export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

export const FILE_KIND_LABEL: Record<FileKind, string> = {
  vuelos: 'plan de vuelos',
  aereopuertos: 'aeropuertos',
  pedidos: 'pedidos',
};

const MAX_FILENAME = 120;

/** Content-Disposition for a download: an ASCII fallback name and the exact one (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A file name safe to store and to echo in Content-Disposition: no folders, no control or
 * shell-special characters, bounded length. It never reaches the filesystem anyway (bytes live in
 * the database); this keeps headers and the UI clean.
 */
export function sanitizeFilename(raw: string | undefined, kind: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s_]+/, '')
    .trim();
  if (name.length > MAX_FILENAME) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_FILENAME - ext.length) + ext;
  }
  return name === '' ? `${kind}.txt` : name;
}

export interface StoredFileInfo {
  id: number;
  kind: FileKind;
  filename: string;
  sizeBytes: number;
  encoding: string;
  uploadedAt: Date;
  /** Set when the bytes are stored in parts (file-parts.ts). */
  uploadId: number | null;
}

const infoColumns = {
  id: files.id,
  kind: files.kind,
  filename: files.filename,
  sizeBytes: files.sizeBytes,
  encoding: files.encoding,
  uploadedAt: files.uploadedAt,
  uploadId: files.uploadId,
};

/** The current file of a kind: the only one for replacing kinds, the latest one for pedidos. */
export async function currentFile(db: Executor, kind: FileKind): Promise<StoredFileInfo | undefined> {
  const rows = await db
    .select(infoColumns)
    .from(files)
    .where(eq(files.kind, kind))
    .orderBy(desc(files.id))
    .limit(1);
  return rows[0];
}

export async function fileStatus(db: Database, kind: FileKind): Promise<FileStatusDto> {
  const file = await currentFile(db.orm, kind);
  if (!file) return { exists: false, filename: null, sizeBytes: null, lastModified: null };
  return {
    exists: true,
    filename: file.filename,
    sizeBytes: file.sizeBytes,
    lastModified: new Date(file.uploadedAt).toISOString(),
  };
}

export function noFile(kind: FileKind): ApiError {
  return new ApiError(404, 'SIN_ARCHIVO', `No hay archivo de ${FILE_KIND_LABEL[kind]} cargado`);
}

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * The stored form of a file's bytes: gzip level 1 (a 42 MB order file: 12 MB in about half a second,
 * off the main thread), sent as hex for decode() on the server. Hex because PGlite turns a bytea
 * parameter into text one byte at a time (5 s for 12 MB) and parses a bytea result as slowly.
 */
async function storedContent(bytes: Uint8Array): Promise<string> {
  const packed = await gzip(bytes, { level: 1 });
  return packed.toString('hex');
}

export interface FileMeta {
  encoding: string;
  lineCount: number;
  recordCount: number;
}

/** Stores the bytes as received (compressed; downloads return them exactly); returns the new row id. */
export async function insertFile(
  tx: Executor,
  kind: FileKind,
  file: UploadedFile,
  meta: FileMeta,
): Promise<number> {
  const hex = await storedContent(file.bytes);
  const rows = await tx
    .insert(files)
    .values({
      kind,
      filename: file.filename,
      sizeBytes: file.bytes.byteLength,
      encoding: meta.encoding,
      lineCount: meta.lineCount,
      recordCount: meta.recordCount,
      content: sql`decode(${hex}, 'hex')`,
      contentEncoding: 'gzip',
    })
    .returning({ id: files.id });
  return rows[0].id;
}

/** The runs' columns naming the file of each replacing kind they ran on (migration 0011). */
const RUN_FILE_COLUMN = { aereopuertos: 'archivo_aeropuertos', vuelos: 'archivo_vuelos' } as const;

/**
 * Drops the previous files of a replacing kind (the caller inserts the new one in the same transaction),
 * except those a current run ran on: a restart replays a run on its own files, not on today's.
 */
export async function deleteFilesOfKind(tx: Executor, kind: 'aereopuertos' | 'vuelos'): Promise<void> {
  const column = sql.raw(RUN_FILE_COLUMN[kind]);
  await tx.execute(sql`
    DELETE FROM files WHERE kind = ${kind}
      AND id NOT IN (SELECT ${column} FROM runs WHERE actual AND ${column} IS NOT NULL)`);
}

/** The bytes of one stored file, as uploaded. */
export async function storedFileBytes(db: Database, info: StoredFileInfo): Promise<Uint8Array | undefined> {
  if (info.uploadId !== null) {
    const pieces: Buffer[] = [];
    for await (const piece of readParts(db.raw, info.uploadId)) pieces.push(piece);
    const bytes = Buffer.concat(pieces);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  const rows = await db.orm
    .select({ hex: sql<string>`encode(${files.content}, 'hex')`, contentEncoding: files.contentEncoding })
    .from(files)
    .where(eq(files.id, info.id));
  if (rows.length === 0) return undefined;
  const stored = Buffer.from(rows[0].hex, 'hex');
  const bytes = rows[0].contentEncoding === 'gzip' ? await gunzip(stored) : stored;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A stored file by id (a run's airports or flights, current or replaced since). */
export async function fileById(db: Executor, id: number): Promise<StoredFileInfo | undefined> {
  return (await db.select(infoColumns).from(files).where(eq(files.id, id)))[0];
}

export async function fileContent(
  db: Database,
  kind: FileKind,
): Promise<{ info: StoredFileInfo; bytes: Uint8Array } | undefined> {
  const info = await currentFile(db.orm, kind);
  if (!info) return undefined;
  const bytes = await storedFileBytes(db, info);
  return bytes ? { info, bytes } : undefined;
}

/** Bytes to read for a preview of `lines` lines; lines longer than this are cut by the decoder. */
const PREVIEW_BYTES_PER_LINE = 1024;

/**
 * The first `lines` lines, decoded to text (UTF-16 files included), BOMs removed, joined with LF.
 * Reads only a prefix of the stored bytes, so a 300 MB file previews as fast as a small one.
 */
export async function previewFile(db: Database, kind: FileKind, lines: number): Promise<string | undefined> {
  const info = await currentFile(db.orm, kind);
  if (!info) return undefined;
  const want = Math.min(info.sizeBytes, lines * PREVIEW_BYTES_PER_LINE + 4);
  const head =
    info.uploadId !== null
      ? await partsPrefix(db, info.uploadId, want)
      : await storedPrefix(db, info.id, want);
  if (!head) return undefined;
  const complete = want >= info.sizeBytes;
  const text = decodePrefix(head, info.encoding, complete);
  const all = text.split(/\r\n|\n|\r/);
  // A cut prefix ends inside a line; a complete file's trailing newline adds no line.
  if (!complete && all.length > 1) all.pop();
  if (complete && all.length > 0 && all[all.length - 1] === '') all.pop();
  return all
    .slice(0, lines)
    .map((line) => stripBom(line))
    .join('\n');
}

/**
 * The first `want` bytes of a stored file. Compressed files are read by growing prefixes of the stored
 * bytes, each inflated as far as it goes, so a preview never reads or inflates the whole file.
 */
async function storedPrefix(db: Database, id: number, want: number): Promise<Uint8Array | undefined> {
  let read = want;
  for (;;) {
    const rows = await db.orm
      .select({
        head: sql<string>`encode(substring(${files.content} from 1 for ${read}), 'hex')`,
        storedBytes: sql<number>`octet_length(${files.content})`,
        contentEncoding: files.contentEncoding,
      })
      .from(files)
      .where(eq(files.id, id));
    const row = rows[0];
    if (!row) return undefined;
    const head = Buffer.from(row.head, 'hex');
    if (row.contentEncoding !== 'gzip') return head;
    const whole = read >= Number(row.storedBytes);
    // A cut gzip stream inflates up to where it was cut when flushed instead of finished.
    const out = whole ? await gunzip(head) : await gunzip(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    if (whole || out.byteLength >= want) return out.subarray(0, want);
    read *= 2;
  }
}

async function partsPrefix(db: Database, uploadId: number, want: number): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of readParts(db.raw, uploadId)) {
    pieces.push(piece);
    size += piece.byteLength;
    if (size >= want) break;
  }
  return Buffer.concat(pieces).subarray(0, want);
}

function decodePrefix(bytes: Uint8Array, encoding: string, complete: boolean): string {
  const label = encoding === 'utf-16be' || encoding === 'utf-16le' ? encoding : 'utf-8';
  let view = bytes;
  // Keep whole UTF-16 code units when the prefix was cut.
  if (!complete && label !== 'utf-8' && view.byteLength % 2 === 1)
    view = view.subarray(0, view.byteLength - 1);
  // Not fatal: the stored file was validated on upload; only the cut end may be partial.
  return new TextDecoder(label).decode(view);
}
