import { useSyncExternalStore } from 'react';
import { BREAKPOINT_MOBILE_PX } from '../styles/tokens';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec: mobile means a width up to 768 px. */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINT_MOBILE_PX}px)`;
export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
