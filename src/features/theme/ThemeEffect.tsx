import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { THEME_CLASS } from '../../styles/theme.css';
import { resolvedThemeAtom } from './themeAtoms';

/** Puts the resolved theme's class on <html>, so portals (popovers, toasts) get it too. */
export function ThemeEffect() {
  const theme = useAtomValue(resolvedThemeAtom);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove(THEME_CLASS.light, THEME_CLASS.dark);
    root.classList.add(THEME_CLASS[theme]);
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }, [theme]);
  return null;
}
