import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { AIRPORTS_KEY } from '../../api/airports';
import { isStoredKind, type StoredFileKind, type UploadKind } from '../../api/files';
import { Button } from '../../components/Button/Button';
import { ConfirmDialog } from '../../components/Dialog/Dialog';
import { ProgressBar } from '../../components/ProgressBar/ProgressBar';
import { notify } from '../../lib/notify';
import { DropZone, type DropZoneOutcome } from './DropZone';
import { ErrorListDialog, errorCountText } from './ErrorListDialog';
import { FileStatusLine } from './FileStatusLine';
import * as styles from './UploadSlot.css';
import { fileStatusAtom, fileStatusKey } from './uploadAtoms';
import { errorDetailsOf } from './uploadErrors';
import { CONFIRM_MESSAGE, uploadMachine } from './uploadMachine';

export const UploadContext = createActorContext(uploadMachine);

/** Stand-in actors for stories and tests (upload, status check). */
export type UploadActors = NonNullable<Parameters<typeof uploadMachine.provide>[0]['actors']>;

export interface UploadSlotProps {
  kind: StoredFileKind;
  title: string;
  /** Accessible name of the drop zone. */
  zoneLabel: string;
  /** Replacing kinds ask before overwriting a stored file. */
  confirmReplace: boolean;
  actors?: Partial<UploadActors>;
}

export const uploadLogDetails = (details: unknown) => console.error('Detalles del error', details);

/** Result toasts (they stay until dismissed), fired once per entry into success or failure. */
export function UploadToasts() {
  const actor = UploadContext.useActorRef();
  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.value === previous) return;
      previous = snapshot.value;
      if (snapshot.matches('success')) notify.resultSuccess(snapshot.context.message ?? 'Archivo cargado');
      if (snapshot.matches('failure') && snapshot.context.error) {
        notify.resultError(snapshot.context.error.message);
        uploadLogDetails(snapshot.context.error.details);
      }
    });
    return () => sub.unsubscribe();
  }, [actor]);
  return null;
}

/** The question before uploading; `message` gets what the check found and the chosen file's name. */
export function UploadConfirm({
  message = CONFIRM_MESSAGE,
}: {
  message?: (existing: string, fileName: string) => string;
}) {
  const actor = UploadContext.useActorRef();
  const confirming = UploadContext.useSelector((s) => s.matches('confirming'));
  const name = UploadContext.useSelector((s) => s.context.existingName);
  const fileName = UploadContext.useSelector((s) => s.context.file?.name ?? '');
  return (
    <ConfirmDialog
      isOpen={confirming}
      message={message(name ?? '', fileName)}
      onConfirm={() => actor.send({ type: 'upload.confirmed' })}
      onCancel={() => actor.send({ type: 'upload.cancelled' })}
    />
  );
}

/** A rejected file's errors: the dialog opens on the failure and can be reopened from the slot. */
export function UploadErrors() {
  const failure = UploadContext.useSelector((s) => (s.matches('failure') ? s.context.error : null));
  const fileName = UploadContext.useSelector((s) => s.context.file?.name ?? '');
  const [open, setOpen] = useState(false);
  const details = useMemo(() => errorDetailsOf(failure?.details), [failure]);
  useEffect(() => {
    setOpen(details.length > 0);
  }, [details]);
  if (details.length === 0) return null;
  const total = Math.max(failure?.total ?? details.length, details.length);
  return (
    <>
      <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
        Ver errores ({errorCountText(total)})
      </Button>
      <ErrorListDialog
        fileName={fileName}
        details={details}
        total={total}
        isOpen={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function UploadProgress({ title }: { title: string }) {
  const uploading = UploadContext.useSelector((s) => s.matches('uploading'));
  const progress = UploadContext.useSelector((s) => s.context.progress);
  const fileName = UploadContext.useSelector((s) => s.context.file?.name);
  if (!uploading) return null;
  const sent = progress && progress.total > 0 ? progress.loaded / progress.total : 0;
  // Every byte sent: the server is now validating the whole file.
  const label = sent >= 1 ? `Validando ${fileName ?? title}...` : `Subiendo ${fileName ?? title}...`;
  return <ProgressBar label={label} value={sent * 100} isIndeterminate={sent >= 1} />;
}

type UploadSnapshot = ReturnType<ReturnType<typeof UploadContext.useActorRef>['getSnapshot']>;

/** What the zone says about the last file, from the upload's own state (never a guess). */
export function uploadOutcome(s: UploadSnapshot): DropZoneOutcome | null {
  const name = s.context.file?.name ?? '';
  if (s.matches('checking'))
    return { tone: 'busy', text: `Comprobando el archivo guardado antes de subir ${name}...` };
  if (s.matches('confirming')) return { tone: 'busy', text: `Esperando confirmación para subir ${name}` };
  if (s.matches('uploading')) return { tone: 'busy', text: `Subiendo ${name}...` };
  if (s.matches('success')) return { tone: 'done', text: s.context.message ?? `${name} cargado` };
  // The server's message already names the file and says nothing was stored.
  if (s.matches('failure'))
    return { tone: 'failed', text: s.context.error?.message ?? `No se cargó ${name}` };
  if (s.matches('cancelled')) return { tone: 'cancelled', text: `Cancelado: ${name} no se subió` };
  return null;
}

function UploadZone({ kind, zoneLabel }: { kind: StoredFileKind; zoneLabel: string }) {
  const status = useAtomValue(fileStatusAtom(kind));
  const knownName = status.data?.exists ? (status.data.filename ?? kind) : null;
  return <UploadDropZone zoneLabel={zoneLabel} knownName={knownName} />;
}

/** The drop zone of an upload: disabled while busy, saying what became of the last file. */
export function UploadDropZone({ zoneLabel, knownName }: { zoneLabel: string; knownName: string | null }) {
  const actor = UploadContext.useActorRef();
  const busy = UploadContext.useSelector((s) =>
    ['checking', 'confirming', 'uploading'].some((v) => s.matches(v as 'checking')),
  );
  const outcome = UploadContext.useSelector(
    uploadOutcome,
    (a, b) => a?.text === b?.text && a?.tone === b?.tone,
  );
  return (
    <DropZone
      label={zoneLabel}
      isDisabled={busy}
      outcome={outcome}
      onFile={(file) => actor.send({ type: 'file.selected', file, knownName })}
    />
  );
}

/** One bulk load: title, status line, drop zone, confirmation, progress and result toasts. */
export function UploadSlot({ kind, title, zoneLabel, confirmReplace, actors }: UploadSlotProps) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      uploadMachine.provide({
        actors: {
          refreshStatus: fromPromise(async ({ input }: { input: { kind: UploadKind } }) => {
            if (!isStoredKind(input.kind)) return;
            await queryClient.invalidateQueries({ queryKey: fileStatusKey(input.kind) });
            // New airports change the destination list of the order form and the map.
            if (input.kind === 'aereopuertos')
              await queryClient.invalidateQueries({ queryKey: AIRPORTS_KEY });
            // New orders change the pick list's searches and the runs' default dates.
            if (input.kind === 'pedidos') await queryClient.invalidateQueries({ queryKey: ['pedidos'] });
          }),
          ...actors,
        },
      }),
    [queryClient, actors],
  );
  return (
    <section className={styles.slot} aria-label={title}>
      <h3 className={styles.title}>{title}</h3>
      <UploadContext.Provider logic={logic} options={{ input: { kind, confirmReplace } }}>
        <FileStatusLine kind={kind} />
        <UploadZone kind={kind} zoneLabel={zoneLabel} />
        <UploadProgress title={title} />
        <UploadErrors />
        <UploadConfirm />
        <UploadToasts />
      </UploadContext.Provider>
    </section>
  );
}

export const ERRORS_NOT_IMPLEMENTED = 'No implementado: los archivos de errores todavía no se cargan';
export const errorsNotUploaded = (name: string) => `No implementado archivo: ${name} no subido`;

/**
 * The errors load is not implemented: the zone says so before anything is dropped, and a dropped file
 * gets the spec's error toast and stays marked as not uploaded.
 */
export function ErrorsSlot({ title, zoneLabel }: { title: string; zoneLabel: string }) {
  const [dropped, setDropped] = useState<string | null>(null);
  return (
    <section className={styles.slot} aria-label={title}>
      <h3 className={styles.title}>{title}</h3>
      <DropZone
        label={zoneLabel}
        outcome={
          dropped === null
            ? { tone: 'info', text: ERRORS_NOT_IMPLEMENTED }
            : { tone: 'failed', text: errorsNotUploaded(dropped) }
        }
        onFile={(file) => {
          setDropped(file.name);
          notify.error(errorsNotUploaded(file.name));
        }}
      />
    </section>
  );
}
