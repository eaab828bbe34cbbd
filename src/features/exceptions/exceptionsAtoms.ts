import { keepPreviousData } from '@tanstack/react-query';
import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { ExceptionOrder, ExceptionType, RunMode } from '../../../contract';
import { fetchExceptions } from '../../api/exceptions';
import { currentRunAtom, REALTIME_RUN_ID, runsQueryAtom } from '../runs/runAtoms';

/** Server state of the exceptions panel: what the operator asks to see, and the page the server answers. */

export interface ExceptionsView {
  tipo: ExceptionType | 'todos';
  q: string;
  orden: ExceptionOrder;
  sentido: 'asc' | 'desc';
  pagina: number;
}

export const DEFAULT_EXCEPTIONS_VIEW: ExceptionsView = {
  tipo: 'todos',
  q: '',
  orden: 'holgura',
  sentido: 'asc',
  pagina: 1,
};

/** While the run moves the list is asked again this often, so the badge grows live. */
export const EXCEPTIONS_POLL_MS = 3_000;

export const exceptionsViewAtom = atomFamily((_mode: RunMode) =>
  atom<ExceptionsView>(DEFAULT_EXCEPTIONS_VIEW),
);

/** Changes what is shown; any change but the page goes back to the first page. */
export const updateExceptionsViewAtom = atomFamily((mode: RunMode) =>
  atom(null, (get, set, patch: Partial<ExceptionsView>) => {
    const prev = get(exceptionsViewAtom(mode));
    set(exceptionsViewAtom(mode), { ...prev, pagina: 1, ...patch });
  }),
);

export const exceptionsOpenAtom = atomFamily((_mode: RunMode) => atom(false));

/** The run a mode's exceptions come from: its current run; the daily operation without one, real time. */
export const exceptionsRunAtom = atomFamily((mode: RunMode) =>
  atom((get): { id: string; moving: boolean } | null => {
    const run = get(currentRunAtom(mode));
    if (run) return { id: run.id, moving: run.estado === 'en_curso' };
    if (mode === 'operacion' && get(runsQueryAtom).isSuccess) return { id: REALTIME_RUN_ID, moving: true };
    return null;
  }),
);

export const exceptionsQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery((get) => {
    const run = get(exceptionsRunAtom(mode));
    const view = get(exceptionsViewAtom(mode));
    return {
      queryKey: ['excepciones', run?.id ?? null, view] as const,
      queryFn: ({ signal }) => fetchExceptions(run?.id as string, view, signal),
      enabled: run !== null,
      refetchInterval: run?.moving ? EXCEPTIONS_POLL_MS : false,
      placeholderData: keepPreviousData,
      retry: false,
    };
  }),
);
