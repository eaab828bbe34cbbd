import { CALLS, type Call, useCan } from '../features/auth/useCan';
import { SCREENS, type ScreenDefinition } from './screens';

/** A section only for roles that may do something there: /registrar is all writes. */
const NEEDS: Record<string, readonly Call[]> = {
  '/registrar': [CALLS.registerOrder, CALLS.loadFiles],
};

/** The sections the signed-in role may open (its links and routes; others redirect home). */
export function useVisibleScreens(): Record<string, ScreenDefinition> {
  const can = useCan();
  return Object.fromEntries(
    Object.entries(SCREENS).filter(([path]) => (NEEDS[path] ?? []).length === 0 || NEEDS[path].some(can)),
  );
}

export function useVisiblePaths(): string[] {
  return Object.keys(useVisibleScreens());
}
