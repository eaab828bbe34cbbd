import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** Spec: stored locally under this key, default dark. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const DEFAULT_THEME: ThemePreference = 'dark';

const isPreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);

/** Plain-string storage (not JSON), so the stored value reads "dark" like the original app wrote it. */
const plainStringStorage = {
  getItem(key: string, initialValue: ThemePreference): ThemePreference {
    try {
      const stored = globalThis.localStorage?.getItem(key);
      return isPreference(stored) ? stored : initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: ThemePreference) {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Private mode or full storage: the choice still applies for this session.
    }
  },
  removeItem(key: string) {
    globalThis.localStorage?.removeItem(key);
  },
  subscribe(key: string, callback: (value: ThemePreference) => void, initialValue: ThemePreference) {
    if (typeof window === 'undefined') return () => {};
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) callback(isPreference(event.newValue) ? event.newValue : initialValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

export const themePreferenceAtom = atomWithStorage<ThemePreference>(
  THEME_STORAGE_KEY,
  DEFAULT_THEME,
  plainStringStorage,
  { getOnInit: true },
);

const DARK_QUERY = '(prefers-color-scheme: dark)';
const readSystemDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;

/** The device preference, kept live while anything reads it. */
export const systemPrefersDarkAtom = atom(readSystemDark());
systemPrefersDarkAtom.onMount = (set) => {
  const query = window.matchMedia?.(DARK_QUERY);
  if (!query) return;
  set(query.matches);
  const onChange = (event: MediaQueryListEvent) => set(event.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export const resolvedThemeAtom = atom<ResolvedTheme>((get) => {
  const preference = get(themePreferenceAtom);
  if (preference !== 'system') return preference;
  return get(systemPrefersDarkAtom) ? 'dark' : 'light';
});
