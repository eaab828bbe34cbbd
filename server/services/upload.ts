import type { ErrorDetailDto } from '../../contract';
import { ApiError } from '../domain/errors';
import type { ParseIssue } from '../domain/types';
import { type FileParseResult, summarizeErrors } from '../formats/issues';
import { type DecodedText, decodeText, TextDecodeError } from '../formats/text';

/** Spanish number formatting for messages ("42.993"). */
export const fmt = (n: number): string => n.toLocaleString('es-ES');

/** Decodes uploaded bytes or answers 415 with the decoder's Spanish explanation. */
export function decodeUpload(bytes: Uint8Array, filename: string): DecodedText {
  try {
    return decodeText(bytes);
  } catch (error) {
    if (error instanceof TextDecodeError) throw encodingError(error, filename);
    throw error;
  }
}

export function encodingError(error: TextDecodeError, filename: string): ApiError {
  const detail: ErrorDetailDto = { message: error.message, field: 'codificación' };
  if (error.line !== undefined) detail.line = error.line;
  return new ApiError(
    415,
    'CODIFICACION_NO_VALIDA',
    `El archivo ${filename} no se puede leer: ${error.message}`,
    [detail],
  );
}

function toDetails(issues: ParseIssue[]): ErrorDetailDto[] {
  return issues.map((issue) => {
    const detail: ErrorDetailDto = { line: issue.line, message: issue.message };
    if (issue.field !== undefined) detail.field = issue.field;
    if (issue.text !== undefined) detail.texto = issue.text;
    return detail;
  });
}

/** 400 for a file with line errors: nothing is stored. */
export function invalidFile(
  filename: string,
  result: Pick<FileParseResult<unknown>, 'errors' | 'errorCount'>,
): ApiError {
  const error = new ApiError(
    400,
    'ARCHIVO_NO_VALIDO',
    `El archivo ${filename} no se cargó: ${summarizeErrors(result)}`,
    toDetails(result.errors),
  );
  error.total = result.errorCount ?? result.errors.length;
  return error;
}

export function emptyFile(filename: string, what: string): ApiError {
  return new ApiError(400, 'ARCHIVO_VACIO', `El archivo ${filename} no contiene ${what}`);
}

/** Lines in a decoded text (a final line without newline counts; a trailing newline adds none). */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  let i = text.indexOf('\n');
  while (i >= 0) {
    n++;
    i = text.indexOf('\n', i + 1);
  }
  return text.endsWith('\n') ? n : n + 1;
}
