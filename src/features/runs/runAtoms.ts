import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { RunDto, RunMode } from '../../../contract';
import { fetchRunSummary, fetchRuns } from '../../api/runs';

/** Server state of the runs. Every browser polls the same list, so all operators see the same run. */

export const RUNS_KEY = ['simulaciones'] as const;
/** Spec-free choice: the summary refreshes every 2 s while the run moves. */
export const SUMMARY_POLL_MS = 2_000;
const RUNS_POLL_MS = 3_000;

export const runsQueryAtom = atomWithQuery(() => ({
  queryKey: RUNS_KEY,
  queryFn: ({ signal }) => fetchRuns(signal),
  refetchInterval: RUNS_POLL_MS,
  staleTime: 1_000,
}));

/** The current run of a mode, or null when none was started. */
export const currentRunAtom = atomFamily((mode: RunMode) =>
  atom((get): RunDto | null => get(runsQueryAtom).data?.find((r) => r.modo === mode) ?? null),
);

export const runSummaryQueryAtom = atomFamily((mode: RunMode) =>
  atomWithQuery((get) => {
    const run = get(currentRunAtom(mode));
    return {
      queryKey: ['simulaciones', run?.id ?? null, 'resumen'] as const,
      queryFn: ({ signal }) => fetchRunSummary(run?.id as string, signal),
      enabled: run !== null,
      refetchInterval: run?.estado === 'en_curso' ? SUMMARY_POLL_MS : false,
      staleTime: 1_000,
    };
  }),
);

/** The server's always-on daily-operation view (real time) when no operacion run was started. */
export const REALTIME_RUN_ID = 'tiempo-real';

export const realtimeSummaryQueryAtom = atomWithQuery((get) => {
  const runs = get(runsQueryAtom);
  const hasOperacionRun = get(currentRunAtom('operacion')) !== null;
  return {
    queryKey: ['simulaciones', REALTIME_RUN_ID, 'resumen'] as const,
    queryFn: ({ signal }) => fetchRunSummary(REALTIME_RUN_ID, signal),
    enabled: runs.isSuccess && !hasOperacionRun,
    refetchInterval: SUMMARY_POLL_MS,
    staleTime: 1_000,
    retry: false,
  };
});
