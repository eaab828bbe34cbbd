import { useAtomValue } from 'jotai';
import { resolvedThemeAtom } from './themeAtoms';

export const useResolvedTheme = () => useAtomValue(resolvedThemeAtom);
