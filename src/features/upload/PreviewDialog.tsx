import { Button } from '../../components/Button/Button';
import { Dialog } from '../../components/Dialog/Dialog';
import * as styles from './FileStatusLine.css';

export const EMPTY_FILE = '(archivo vacío)';

interface PreviewDialogProps {
  filename: string;
  /** null while closed. */
  text: string | null;
  onClose: () => void;
}

/** The spec's "alert" with the first lines of a file, as an accessible alert dialog. */
export function PreviewDialog({ filename, text, onClose }: PreviewDialogProps) {
  return (
    <Dialog
      isOpen={text !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Primeras líneas de ${filename}`}
      role="alertdialog"
    >
      <pre className={styles.preview}>{text ? text : EMPTY_FILE}</pre>
      <div>
        <Button variant="primary" onPress={onClose} autoFocus>
          Cerrar
        </Button>
      </div>
    </Dialog>
  );
}
