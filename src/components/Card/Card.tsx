import { type ReactNode, useId } from 'react';
import * as styles from './Card.css';

interface CardProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled surface; the title names the region for assistive technology. */
export function Card({ title, description, children }: CardProps) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {description ? <p className={styles.description}>{description}</p> : null}
      {children}
    </section>
  );
}
