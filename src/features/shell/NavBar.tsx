import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-aria-components';
import { Icon } from '../../components/Icon/Icon';
import { ThemeMenu } from '../theme/ThemeMenu';
import * as styles from './NavBar.css';
import { NAV_LINKS } from './navigation';

interface NavBarProps {
  /** Current path: a link is active only on an exact match. */
  path: string;
  /** The desktop clock, when the screen has one. */
  clock?: ReactNode;
}

export function NavBar({ path, clock }: NavBarProps) {
  const linksRef = useRef<HTMLElement>(null);
  // On phones the links scroll sideways: keep the current section in view.
  useEffect(() => {
    const row = linksRef.current;
    const current = row?.querySelector<HTMLElement>(`a[href="${path}"]`);
    if (!row || !current) return;
    const overflowRight = current.offsetLeft + current.offsetWidth - (row.scrollLeft + row.clientWidth);
    if (overflowRight > 0) row.scrollLeft += overflowRight + 24;
    else if (current.offsetLeft < row.scrollLeft) row.scrollLeft = current.offsetLeft;
  }, [path]);
  return (
    <header className={styles.bar}>
      <Link href="/" className={styles.logo} aria-label="MoraPack, inicio">
        <span className={styles.logoMark} aria-hidden="true">
          <Icon name="plane" size={18} />
        </span>
        MoraPack
      </Link>
      <nav aria-label="Secciones" className={styles.links} ref={linksRef}>
        {NAV_LINKS.map(({ href, label }) => (
          <Link
            key={href}
            href={href}
            className={styles.link}
            aria-current={path === href ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <div className={styles.end}>
        {clock}
        <ThemeMenu />
      </div>
    </header>
  );
}
