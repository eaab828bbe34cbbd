import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { RunMode } from '../../../contract';
import { fetchRunSeries } from '../../api/runs';
import { currentRunAtom } from '../runs/runAtoms';

/** A running run's history gains a sample per simulated hour: re-read it this often while it is open. */
export const SERIES_POLL_MS = 5_000;

/** Whether a screen's 'Gráficos' panel is open (the history is only fetched while it is). */
export const chartsOpenAtom = atomFamily((_mode: RunMode) => atom(false));

export const runSeriesQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery((get) => {
    const run = get(currentRunAtom(mode));
    return {
      queryKey: ['simulaciones', run?.id ?? null, 'serie'] as const,
      queryFn: ({ signal }) => fetchRunSeries(run?.id as string, signal),
      enabled: run !== null && get(chartsOpenAtom(mode)),
      refetchInterval: run?.estado === 'en_curso' ? SERIES_POLL_MS : false,
      staleTime: 1_000,
    };
  }),
);
