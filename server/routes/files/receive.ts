import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FileKind } from '../../../contract';
import { ApiError, fileTooLarge } from '../../domain/errors';
import { sanitizeFilename, type UploadedFile } from '../../services/files';

/**
 * Uploads are received to a temporary file on disk (memory stays flat whatever their size, and a
 * stream over the limit is refused having cost only disk), then read back in pieces by the service.
 * Exactly one file per request; a cut or malformed multipart body is a Spanish 400.
 */

/** A received upload: its sanitised name and where its bytes wait on disk. */
export interface SpooledUpload {
  filename: string;
  path: string;
  size: number;
  /** The bytes in pieces of about 256 KB. */
  pieces(): AsyncIterable<Uint8Array>;
  /** The whole file (airports and flights files, which are replaced whole and are small). */
  whole(): Promise<UploadedFile>;
  dispose(): Promise<void>;
}

const PIECE_BYTES = 256 * 1024;

/** Uploads being received or waiting to be stored at once; more get a 429. */
export const MAX_UPLOADS_IN_FLIGHT = 6;

/**
 * Uploads in flight, and a queue so that only one is parsed and stored at a time: each is already cut
 * into short slices, and one at a time keeps the database's work (and memory) that of one upload.
 */
export class UploadGate {
  private inFlight = 0;
  private tail: Promise<void> = Promise.resolve();
  private closing = false;

  /** The server is closing: uploads in progress stop at their next slice, storing nothing. */
  close(): void {
    this.closing = true;
  }

  /** Throws when the server is closing (checked by the services between slices). */
  readonly check = (): void => {
    if (this.closing) {
      throw new ApiError(
        503,
        'CERRANDO',
        'El servidor se está cerrando: la carga se canceló sin guardar nada; vuelve a enviarla en unos segundos',
      );
    }
  };

  async run<T>(
    receive: () => Promise<SpooledUpload>,
    store: (file: SpooledUpload) => Promise<T>,
  ): Promise<T> {
    this.check();
    if (this.inFlight >= MAX_UPLOADS_IN_FLIGHT) {
      throw new ApiError(
        429,
        'DEMASIADAS_CARGAS',
        `Hay ${MAX_UPLOADS_IN_FLIGHT} cargas de archivos en curso; inténtalo de nuevo en unos segundos`,
      );
    }
    this.inFlight++;
    try {
      const file = await receive();
      try {
        const previous = this.tail;
        let done!: () => void;
        this.tail = new Promise<void>((resolve) => {
          done = resolve;
        });
        await previous;
        try {
          this.check();
          return await store(file);
        } finally {
          done();
        }
      } finally {
        await file.dispose();
      }
    } finally {
      this.inFlight--;
    }
  }
}

function malformed(detail: string): ApiError {
  return new ApiError(400, 'MULTIPART_NO_VALIDO', `El formulario multipart no es válido: ${detail}`);
}

/** busboy's (English) complaints about the body, in Spanish; undefined for anything else. */
function multipartProblem(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/Unexpected end of (form|multipart)/i.test(message))
    return malformed('llegó incompleto o cortado antes de su cierre; vuelve a enviarlo');
  if (/Boundary not found/i.test(message)) return malformed('falta el boundary en Content-Type');
  if (/Malformed|header|boundary/i.test(message))
    return malformed('las cabeceras de una parte están dañadas');
  return undefined;
}

export async function receiveUpload(
  request: FastifyRequest,
  /** Names the file when the client gave no name. */
  kind: FileKind | 'cancelaciones',
  limitBytes: number,
): Promise<SpooledUpload> {
  const type = String(request.headers['content-type'] ?? '');
  if (/^multipart\/form-data/i.test(type) && !/;\s*boundary=/i.test(type)) {
    throw malformed('falta el boundary en Content-Type');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'morapack-upload-'));
  const file = path.join(dir, 'archivo');
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    let received: { filename: string; size: number } | undefined;
    // Two files allowed by the parser so that a second one is seen and refused, not silently dropped.
    for await (const part of request.parts({ limits: { fileSize: limitBytes, files: 2 } })) {
      if (part.type !== 'file') continue;
      if (received || part.fieldname !== 'file') {
        part.file.resume();
        throw received
          ? new ApiError(400, 'DEMASIADOS_ARCHIVOS', 'Envía un solo archivo por carga (llegaron varios)')
          : new ApiError(400, 'FALTA_ARCHIVO', 'El archivo debe ir en el campo file');
      }
      let size = 0;
      part.file.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(file));
      if (part.file.truncated || size > limitBytes) throw fileTooLarge(limitBytes);
      received = { filename: sanitizeFilename(part.filename, kind), size };
    }
    if (!received) {
      throw new ApiError(
        400,
        'FALTA_ARCHIVO',
        'Falta el archivo: envía un formulario multipart con el campo file',
      );
    }
    const { filename, size } = received;
    return {
      filename,
      path: file,
      size,
      pieces: () => createReadStream(file, { highWaterMark: PIECE_BYTES }),
      whole: async () => {
        const bytes = await readFile(file);
        return { filename, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      },
      dispose,
    };
  } catch (error) {
    await dispose();
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limitBytes);
    if (code === 'FST_FILES_LIMIT') {
      throw new ApiError(400, 'DEMASIADOS_ARCHIVOS', 'Envía un solo archivo por carga (llegaron varios)');
    }
    throw multipartProblem(error) ?? error;
  }
}
