import type { ErrorDetailDto } from '../../../contract';

/** How many errors the dialog lists; the rest are in the downloaded list. */
export const ERRORS_SHOWN = 20;

/** The per-line errors of a failed upload, when the server sent them. */
export function errorDetailsOf(details: unknown): ErrorDetailDto[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is ErrorDetailDto =>
      !!d && typeof d === 'object' && typeof (d as ErrorDetailDto).message === 'string',
  );
}

/**
 * The whole error list as a text file an operator can keep beside the file being fixed: one block per
 * error (message, then the line as read), and a last line when the server kept only the first ones.
 */
export function errorListText(fileName: string, details: readonly ErrorDetailDto[], total: number): string {
  const out = [`Errores de ${fileName}: ${total}`, ''];
  for (const d of details) {
    out.push(d.message);
    if (d.texto !== undefined) out.push(`    ${d.texto}`);
  }
  if (total > details.length)
    out.push(
      '',
      `El servidor guarda los primeros ${details.length} de ${total} errores; corrige estos y vuelve a subir el archivo.`,
    );
  return `${out.join('\r\n')}\r\n`;
}

export const errorListFileName = (fileName: string) => `errores-${fileName.replace(/\.[^.]*$/, '')}.txt`;
