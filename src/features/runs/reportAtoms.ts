import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { RunDto, RunMode } from '../../../contract';
import { fetchRunHistory } from '../../api/runs';
import { currentRunAtom } from './runAtoms';

/** How many past runs a screen lists (the server keeps every one). */
export const HISTORY_LIMIT = 20;
/** The history changes when a run ends; a slower poll than the current run's is enough. */
const HISTORY_POLL_MS = 10_000;

export const historyQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery((get) => {
    // A new or newly ended current run refreshes the list at once.
    const current = get(currentRunAtom(mode));
    return {
      queryKey: ['simulaciones', 'historial', mode, current?.id ?? null, current?.estado ?? null] as const,
      queryFn: ({ signal }) => fetchRunHistory(mode, HISTORY_LIMIT, signal),
      refetchInterval: HISTORY_POLL_MS,
      placeholderData: (previous: RunDto[] | undefined) => previous,
      retry: false,
    };
  }),
);

/** A past run the operator reopened from the history; null: the screen's current run. */
export const pickedRunAtom = atomFamily((_mode: RunMode) => atom<RunDto | null>(null));

/** Whether the report or summary card is open; closed, a 'Ver informe' button brings it back. */
export const outcomeOpenAtom = atomFamily((_mode: RunMode) => atom(true));

/** Reopens a run's report or summary (from the history list). */
export const openRunOutcomeAtom = atom(null, (_get, set, mode: RunMode, run: RunDto) => {
  set(pickedRunAtom(mode), run);
  set(outcomeOpenAtom(mode), true);
});
