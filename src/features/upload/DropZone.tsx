import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { type Accept, type FileRejection, useDropzone } from 'react-dropzone';
import { Icon, type IconName } from '../../components/Icon/Icon';
import * as styles from './DropZone.css';
import { dropZoneMachine, REJECTED_FALLBACK } from './dropZoneMachine';

/** .csv or .txt, types text/plain and text/csv. */
export const DEFAULT_ACCEPT: Accept = { 'text/plain': ['.txt'], 'text/csv': ['.csv'] };
export const DROP_HINT = 'Suelta el archivo o haz clic para seleccionar (.csv, .txt)';
export const readyText = (n: number) => `${n} archivo(s) listo(s)`;

/** What became of the file once it left the zone: told by the owner (upload, server), not guessed. */
export const OUTCOME_TONES = ['busy', 'done', 'failed', 'cancelled', 'info'] as const;
export type OutcomeTone = (typeof OUTCOME_TONES)[number];
export interface DropZoneOutcome {
  tone: OutcomeTone;
  text: string;
}

const OUTCOME_ICONS: Record<OutcomeTone, IconName> = {
  busy: 'upload',
  done: 'check',
  failed: 'error',
  cancelled: 'cancel',
  info: 'info',
};

export interface DropZoneProps {
  /** Accessible name of the zone, e.g. 'Archivo de vuelos'. */
  label: string;
  /** The first accepted file (only the first dropped file is used). */
  onFile: (file: File) => void;
  accept?: Accept;
  /** No size limits by default. */
  maxSize?: number;
  minSize?: number;
  isDisabled?: boolean;
  /**
   * What happened to the accepted file. When set it replaces '{n} archivo(s) listo(s)', so the zone
   * never calls ready a file that was cancelled, failed or is still on its way.
   */
  outcome?: DropZoneOutcome | null;
  /** Stand-in machine for stories. */
  logic?: typeof dropZoneMachine;
}

function firstRejectionMessage(rejections: FileRejection[]): string {
  return rejections[0]?.errors[0]?.message || REJECTED_FALLBACK;
}

/** One file by drop or picker; its states (idle, dragging, dialog open, accepted, rejected) are a machine. */
export function DropZone({
  label,
  onFile,
  accept = DEFAULT_ACCEPT,
  maxSize,
  minSize,
  isDisabled,
  outcome,
  logic,
}: DropZoneProps) {
  const zone = useActorRef(logic ?? dropZoneMachine);
  const state = useSelector(
    zone,
    (s) => s.value as 'idle' | 'dragging' | 'dialogOpen' | 'accepted' | 'rejected',
  );
  const count = useSelector(zone, (s) => s.context.count);
  const message = useSelector(zone, (s) => s.context.message);
  const messageId = useId();

  const { getRootProps, getInputProps } = useDropzone({
    accept,
    multiple: false,
    maxSize,
    minSize,
    disabled: isDisabled,
    onDragEnter: () => zone.send({ type: 'drag.entered' }),
    onDragLeave: () => zone.send({ type: 'drag.left' }),
    onFileDialogOpen: () => zone.send({ type: 'dialog.opened' }),
    onFileDialogCancel: () => zone.send({ type: 'dialog.cancelled' }),
    onDrop: (accepted, rejected) => {
      if (accepted.length > 0) {
        zone.send({ type: 'files.accepted', count: accepted.length });
        onFile(accepted[0]);
      } else {
        zone.send({ type: 'files.rejected', message: firstRejectionMessage(rejected) });
      }
    },
  });

  const settled = state === 'accepted' || state === 'idle';
  const shown = outcome && settled ? outcome : null;
  const text = shown
    ? shown.text
    : state === 'accepted'
      ? readyText(count)
      : state === 'rejected'
        ? message
        : DROP_HINT;
  const icon: IconName = shown
    ? OUTCOME_ICONS[shown.tone]
    : state === 'accepted'
      ? 'check'
      : state === 'rejected'
        ? 'warning'
        : 'upload';
  return (
    <div
      {...getRootProps({
        role: 'button',
        'aria-label': label,
        'aria-describedby': messageId,
        'aria-disabled': isDisabled || undefined,
        className: styles.zone({ state: shown ? shown.tone : state, disabled: !!isDisabled }),
      })}
      data-state={state}
      data-outcome={shown?.tone}
    >
      <input {...getInputProps({ 'aria-label': `Seleccionar ${label.toLowerCase()}` })} />
      <Icon name={icon} size={20} className={styles.icon} />
      <p id={messageId} className={styles.message} aria-live="polite">
        {text}
      </p>
    </div>
  );
}
