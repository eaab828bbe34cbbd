import { useAtomValue } from 'jotai';
import { type ReactNode, useMemo, useState } from 'react';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import {
  downloadFileBlob,
  downloadName,
  getFilePreview,
  PREVIEW_LINES,
  type StoredFileKind,
} from '../../api/files';
import { Button } from '../../components/Button/Button';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/saveBlob';
import * as styles from './FileStatusLine.css';
import { PreviewDialog } from './PreviewDialog';
import { fileStatusAtom } from './uploadAtoms';

export const STATUS_LOADING = 'Cargando estado...';
export const STATUS_NONE = 'No hay archivo cargado';
export const STATUS_FAILED = 'No se pudo consultar el estado del archivo';

/** Status of a stored file: name, size and date, with preview and download. */
export function FileStatusLine({ kind }: { kind: StoredFileKind }) {
  const status = useAtomValue(fileStatusAtom(kind));
  const { locale } = useLocale();
  const [bytes, date] = useMemo(
    () => [
      new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        // Browser time, so it names its zone.
        timeZoneName: 'short',
      }),
    ],
    [locale],
  );
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'download' | null>(null);

  const file = status.data?.exists ? status.data : null;
  const filename = file?.filename ?? downloadName(kind);

  const showPreview = async () => {
    setBusy('preview');
    const [text, error] = await getFilePreview(kind, PREVIEW_LINES);
    setBusy(null);
    if (error) return notify.error(error.message);
    setPreview(text ?? '');
  };

  const download = async () => {
    setBusy('download');
    const [blob, error] = await downloadFileBlob(kind);
    setBusy(null);
    if (error) return notify.error(error.message);
    saveBlob(blob, downloadName(kind, file?.filename));
  };

  let line: ReactNode;
  if (status.isPending) line = STATUS_LOADING;
  else if (status.isError) line = STATUS_FAILED;
  else if (!file) line = STATUS_NONE;
  else
    line = (
      <>
        <AriaButton className={styles.name} onPress={showPreview} isDisabled={busy !== null}>
          {filename}
        </AriaButton>
        {file.sizeBytes !== null ? ` · ${bytes.format(file.sizeBytes)} bytes` : ''}
        {file.lastModified ? ` · ${date.format(new Date(file.lastModified))}` : ''}
      </>
    );

  return (
    <div className={styles.root}>
      <p className={styles.status} aria-live="polite">
        {line}
      </p>
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" isDisabled={!file || busy !== null} onPress={showPreview}>
          Ver primeras líneas
        </Button>
        <Button size="sm" variant="secondary" isDisabled={!file || busy !== null} onPress={download}>
          Descargar
        </Button>
      </div>
      <PreviewDialog filename={filename} text={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
