import type { FastifyRequest } from 'fastify';
import type { FileKind } from '../../../contract';
import { ApiError, fileTooLarge } from '../../domain/errors';
import { sanitizeFilename, type UploadedFile } from '../../services/files';

/**
 * Reads the multipart field `file` into memory, enforcing the upload limit, optionally handing each
 * chunk to a streaming parser as it arrives. The client's file name is sanitised and only stored.
 */
export async function receiveFile(
  request: FastifyRequest,
  kind: FileKind,
  limitBytes: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<UploadedFile> {
  const part = await request.file({ limits: { fileSize: limitBytes, files: 1 } });
  if (!part)
    throw new ApiError(
      400,
      'FALTA_ARCHIVO',
      'Falta el archivo: envía un formulario multipart con el campo file',
    );
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new ApiError(
      400,
      'FALTA_ARCHIVO',
      `El archivo debe ir en el campo file (llegó en ${part.fieldname})`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (part.file.truncated) break;
    chunks.push(chunk);
    size += chunk.length;
    onChunk?.(chunk);
  }
  if (part.file.truncated || size > limitBytes) throw fileTooLarge(limitBytes);
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
  return {
    filename: sanitizeFilename(part.filename, kind),
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  };
}
