import type { ReactNode } from 'react';
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
  /** Sections the signed-in role may open (default all). */
  visiblePaths?: readonly string[];
  /** Who is signed in, and signing out. */
  account?: ReactNode;
}

export function NavBar({ path, clock, visiblePaths, account }: NavBarProps) {
  return (
    <header className={styles.bar}>
      <Link href="/" className={styles.logo} aria-label="MoraPack, inicio">
        <span className={styles.logoMark} aria-hidden="true">
          <Icon name="plane" size={18} />
        </span>
        MoraPack
      </Link>
      <nav aria-label="Secciones" className={styles.links}>
        {NAV_LINKS.filter(({ href }) => !visiblePaths || visiblePaths.includes(href)).map(
          ({ href, label, short }) => (
            <Link
              key={href}
              href={href}
              className={styles.link}
              aria-label={label}
              aria-current={path === href ? 'page' : undefined}
            >
              <span className={styles.fullLabel}>{label}</span>
              <span className={styles.shortLabel} aria-hidden="true">
                {short}
              </span>
            </Link>
          ),
        )}
      </nav>
      <div className={styles.end}>
        {clock}
        <ThemeMenu />
        {account}
      </div>
    </header>
  );
}
