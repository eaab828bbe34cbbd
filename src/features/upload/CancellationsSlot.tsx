import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Button as AriaButton, useLocale } from 'react-aria-components';
import { PREVIEW_LINES } from '../../api/files';
import { Button } from '../../components/Button/Button';
import { saveBlob } from '../../lib/saveBlob';
import { RUNS_KEY, runsQueryAtom } from '../runs/runAtoms';
import { CANCELLATIONS_CONFIRM, cancellationTargets, targetsText } from './cancellationTargets';
import { checkCancellationTargets, uploadCancellations } from './cancellationUpload';
import * as statusStyles from './FileStatusLine.css';
import { PreviewDialog } from './PreviewDialog';
import {
  type UploadActors,
  UploadConfirm,
  UploadContext,
  UploadDropZone,
  UploadErrors,
  UploadProgress,
  UploadToasts,
} from './UploadSlot';
import * as styles from './UploadSlot.css';
import { uploadMachine } from './uploadMachine';

/**
 * The server applies a cancellations file and keeps no copy: the last one applied from this browser is
 * the file the status line names, previews and downloads.
 */
export const lastCancellationsAtom = atom<{ file: File; appliedAt: Date } | null>(null);

/** First lines of a local file, as the stored kinds' preview shows them. */
async function firstLines(file: File, lines = PREVIEW_LINES): Promise<string> {
  const text = await file.text();
  return text.split(/\r?\n/).slice(0, lines).join('\n').trimEnd();
}

/** Which runs a file would reach now, and the last file applied. */
function CancellationsStatus() {
  const runs = useAtomValue(runsQueryAtom);
  const [last] = useAtom(lastCancellationsAtom);
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
        timeZoneName: 'short',
      }),
    ],
    [locale],
  );
  const [preview, setPreview] = useState<string | null>(null);
  const targets = runs.data ? cancellationTargets(runs.data) : null;
  const showPreview = async () => {
    if (last) setPreview(await firstLines(last.file));
  };
  return (
    <>
      <p className={styles.note} aria-live="polite">
        {runs.isPending
          ? 'Cargando las simulaciones en curso...'
          : runs.isError
            ? 'No se pudo consultar qué simulaciones están en curso'
            : targets && targets.length > 0
              ? `Se aplica a las simulaciones en curso: ${targetsText(targets)}.`
              : 'Ninguna simulación en curso: no hay a qué aplicar un archivo.'}
      </p>
      <div className={statusStyles.root}>
        <p className={statusStyles.status}>
          {last ? (
            <>
              <AriaButton className={statusStyles.name} onPress={showPreview}>
                {last.file.name}
              </AriaButton>
              {` · ${bytes.format(last.file.size)} bytes · aplicado ${date.format(last.appliedAt)}`}
            </>
          ) : (
            'Ningún archivo aplicado desde este navegador'
          )}
        </p>
        <div className={statusStyles.actions}>
          <Button size="sm" variant="secondary" isDisabled={!last} onPress={showPreview}>
            Ver primeras líneas
          </Button>
          <Button
            size="sm"
            variant="secondary"
            isDisabled={!last}
            onPress={() => last && saveBlob(last.file, last.file.name)}
          >
            Descargar
          </Button>
        </div>
      </div>
      <PreviewDialog filename={last?.file.name ?? ''} text={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/** After a file is applied: remember it, and refresh what it changed (runs, flights, warehouses, orders). */
function CancellationsApplied() {
  const actor = UploadContext.useActorRef();
  const [, setLast] = useAtom(lastCancellationsAtom);
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.value === previous) return;
      previous = snapshot.value;
      if (!snapshot.matches('success') || !snapshot.context.file) return;
      setLast({ file: snapshot.context.file, appliedAt: new Date() });
      for (const key of [RUNS_KEY[0], 'vuelo', 'almacenes', 'pedido'])
        void queryClient.invalidateQueries({ queryKey: [key] });
    });
    return () => sub.unsubscribe();
  }, [actor, setLast, queryClient]);
  return null;
}

export interface CancellationsSlotProps {
  /** Stand-in actors (stories): the upload goes through XMLHttpRequest, which fetch fixtures miss. */
  actors?: Partial<UploadActors>;
}

/**
 * Fifth drop zone: a cancellations file (`dd.ORIG-DEST-HH:MM` a line), confirmed first, applied to every
 * run that is going; the same status line, preview, download, progress, errors and toasts as the others.
 */
export function CancellationsSlot({ actors }: CancellationsSlotProps) {
  const logic = useMemo(
    () =>
      uploadMachine.provide({
        actors: { checkExisting: checkCancellationTargets, uploadFile: uploadCancellations, ...actors },
      }),
    [actors],
  );
  return (
    <section className={styles.slot} aria-label="Cancelaciones">
      <h3 className={styles.title}>Cancelaciones</h3>
      <UploadContext.Provider
        logic={logic}
        options={{ input: { kind: 'cancelaciones', confirmReplace: true } }}
      >
        <CancellationsStatus />
        <UploadDropZone zoneLabel="Archivo de cancelaciones" knownName={null} />
        <UploadProgress title="Cancelaciones" />
        <UploadErrors />
        <UploadConfirm message={CANCELLATIONS_CONFIRM} />
        <UploadToasts />
        <CancellationsApplied />
      </UploadContext.Provider>
    </section>
  );
}
