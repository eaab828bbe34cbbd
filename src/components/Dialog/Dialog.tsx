import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';
import * as styles from './Dialog.css';

interface DialogProps {
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** alertdialog for confirmations and alerts (focus stays until answered). */
  role?: 'dialog' | 'alertdialog';
  isDismissable?: boolean;
  size?: (typeof styles.DIALOG_SIZES)[number];
}

/** A controlled modal dialog with a title. */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  children,
  role = 'dialog',
  isDismissable = true,
  size = 'md',
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={styles.overlay}
    >
      <Modal className={styles.modal({ size })}>
        <AriaDialog role={role} className={styles.dialog}>
          <Heading slot="title" className={styles.heading}>
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

interface ConfirmDialogProps {
  isOpen: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The browser's confirm(), as an accessible alert dialog. */
export function ConfirmDialog({
  isOpen,
  title = 'Confirmar',
  message,
  confirmLabel = 'Aceptar',
  cancelLabel = 'Cancelar',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} title={title} role="alertdialog">
      <p>{message}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="primary" onPress={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
