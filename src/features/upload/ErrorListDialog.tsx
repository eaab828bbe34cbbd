import type { ErrorDetailDto } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { Dialog } from '../../components/Dialog/Dialog';
import { saveBlob } from '../../lib/saveBlob';
import * as styles from './ErrorListDialog.css';
import { ERRORS_SHOWN, errorListFileName, errorListText } from './uploadErrors';

export interface ErrorListDialogProps {
  fileName: string;
  details: readonly ErrorDetailDto[];
  /** Errors in all (the server may send only the first ones). */
  total: number;
  isOpen: boolean;
  onClose: () => void;
}

export const errorCountText = (total: number) =>
  total === 1 ? '1 error' : `${total.toLocaleString('es-ES')} errores`;

/** Every error of a rejected file: the first ones with their line, and the whole list as a .txt file. */
export function ErrorListDialog({ fileName, details, total, isOpen, onClose }: ErrorListDialogProps) {
  const shown = details.slice(0, ERRORS_SHOWN);
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={`${fileName} no se cargó`}>
      <p className={styles.summary}>
        {errorCountText(total)}; nada se guardó.{' '}
        {total > shown.length ? `Se muestran los primeros ${shown.length}.` : null}
      </p>
      <ol className={styles.list} aria-label="Errores del archivo">
        {shown.map((d) => (
          <li key={`${d.line ?? 0}-${d.field ?? ''}-${d.message}`} className={styles.item}>
            <span className={styles.where}>
              {d.line !== undefined ? `Línea ${d.line}` : 'Archivo'}
              {d.field ? ` · ${d.field}` : ''}
            </span>
            <span className={styles.message}>{d.message.replace(/^Línea \d+: /, '')}</span>
            {d.texto !== undefined ? <code className={styles.text}>{d.texto || '(línea vacía)'}</code> : null}
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onPress={() =>
            saveBlob(
              new Blob([errorListText(fileName, details, total)], { type: 'text/plain;charset=utf-8' }),
              errorListFileName(fileName),
            )
          }
        >
          Descargar lista (.txt)
        </Button>
        <Button variant="primary" onPress={onClose} autoFocus>
          Cerrar
        </Button>
      </div>
    </Dialog>
  );
}
