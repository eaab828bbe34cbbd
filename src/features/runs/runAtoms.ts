import { atom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { GrowthLawDto, RunDto, RunMode } from '../../../contract';
import { fetchOrderRange, fetchRunParameters, fetchRunSummary, fetchRuns } from '../../api/runs';

/** Server state of the runs. Every browser polls the same list, so all operators see the same run. */

export const RUNS_KEY = ['simulaciones'] as const;
/** Spec-free choice: the summary refreshes every 2 s while the run moves. */
export const SUMMARY_POLL_MS = 2_000;
const RUNS_POLL_MS = 3_000;
/** While a run moves its progress is read every second (the stream also says at once when it changes state). */
const RUNS_LIVE_POLL_MS = 1_000;

export const runsQueryAtom = atomWithQuery(() => ({
  queryKey: RUNS_KEY,
  queryFn: ({ signal }) => fetchRuns(signal),
  refetchInterval: (query: { state: { data?: RunDto[] } }) =>
    query.state.data?.some((r) => r.estado === 'en_curso') ? RUNS_LIVE_POLL_MS : RUNS_POLL_MS,
  staleTime: 500,
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

/** The loaded orders' first and last instant: the default dates of a run, shown in the panel. */
export const orderRangeQueryAtom = atomWithQuery(() => ({
  queryKey: ['pedidos', 'rango'] as const,
  queryFn: ({ signal }) => fetchOrderRange(signal),
  staleTime: 30_000,
}));

/** Speed presets, each mode's default speed and the default growth law. */
export const runParametersQueryAtom = atomWithQuery(() => ({
  queryKey: ['simulaciones', 'parametros'] as const,
  queryFn: ({ signal }) => fetchRunParameters(signal),
  staleTime: Number.POSITIVE_INFINITY,
}));

/** The growth law the next collapse search assumes, as edited on /colapso (null: the server's default). */
export const growthLawAtom = atom<GrowthLawDto | null>(null);
