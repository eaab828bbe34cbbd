import { type ReactNode, useId } from 'react';
import { CloseButton } from '../map/DetailCards';
import * as styles from './OutcomeCard.css';

export interface OutcomeCardProps {
  title: string;
  subtitle?: string;
  tone: 'danger' | 'neutral';
  /** Shown as the close button's accessible name. */
  closeLabel: string;
  onClose?: () => void;
  children: ReactNode;
  /** Extra attributes for tests and screenshots (the run the card is about). */
  runId?: string;
}

/** The frame of a run's report or summary: a titled region whose body scrolls inside its room. */
export function OutcomeCard({
  title,
  subtitle,
  tone,
  closeLabel,
  onClose,
  children,
  runId,
}: OutcomeCardProps) {
  const id = useId();
  return (
    <section className={styles.card({ tone })} aria-labelledby={id} data-run-id={runId}>
      <header className={styles.header}>
        <div>
          <h2 id={id} className={styles.title({ tone })}>
            {title}
          </h2>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </div>
        {onClose ? <CloseButton label={closeLabel} onPress={onClose} /> : null}
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

export function OutcomeSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

export type KpiTone = 'good' | 'bad' | 'warn' | 'plain';

export function Kpi({ term, value, tone = 'plain' }: { term: string; value: string; tone?: KpiTone }) {
  return (
    <div className={styles.kpi}>
      <dt className={styles.kpiTerm}>{term}</dt>
      <dd className={styles.kpiValue({ tone })}>{value}</dd>
    </div>
  );
}
