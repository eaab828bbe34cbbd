import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../components/Button/Button';
import * as styles from './SectionPanel.css';

export const PANEL_SHOW_LABEL = 'Ver más';
export const PANEL_HIDE_LABEL = 'Ocultar';

interface SectionPanelProps {
  title: string;
  isMobile: boolean;
  /** Desktop: expanded or collapsed. Mobile: bottom sheet open or closed. */
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** The screen's side panel: collapsible on desktop, a bottom sheet on mobile. */
export function SectionPanel({ title, isMobile, isOpen, onOpenChange, children }: SectionPanelProps) {
  if (isMobile) {
    return (
      <>
        <Button variant="primary" className={styles.mobileToggle} onPress={() => onOpenChange(true)}>
          {PANEL_SHOW_LABEL}
        </Button>
        <ModalOverlay
          isOpen={isOpen}
          onOpenChange={onOpenChange}
          isDismissable
          className={styles.sheetOverlay}
        >
          <Modal className={styles.sheet}>
            <Dialog className={styles.sheetDialog} aria-label={title}>
              <span className={styles.grabber} aria-hidden="true" />
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" onPress={() => onOpenChange(false)}>
                  {PANEL_HIDE_LABEL}
                </Button>
              </div>
              <div className={styles.body}>{children}</div>
            </Dialog>
          </Modal>
        </ModalOverlay>
      </>
    );
  }
  return (
    <aside className={styles.panel({ expanded: isOpen })} aria-label={title} data-expanded={isOpen}>
      <div className={styles.header}>
        {isOpen ? <h2 className={styles.title}>{title}</h2> : null}
        <Button variant="ghost" size="sm" onPress={() => onOpenChange(!isOpen)} aria-expanded={isOpen}>
          {isOpen ? PANEL_HIDE_LABEL : PANEL_SHOW_LABEL}
        </Button>
      </div>
      {isOpen ? <div className={styles.body}>{children}</div> : null}
    </aside>
  );
}
