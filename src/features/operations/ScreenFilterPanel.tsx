import { CalendarDateTime } from '@internationalized/date';
import { keepPreviousData } from '@tanstack/react-query';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { RunMode } from '../../../contract';
import { airportsQueryAtom } from '../../api/airports';
import { fetchDailyFlights, searchOrderKeys } from '../../api/catalog';
import { QUERY_STALE_MS } from '../../api/queryClient';
import { MAX_SHOWN, type PickOption } from '../../components/SearchPick/SearchPick';
import { notify } from '../../lib/notify';
import { clockCaption } from '../clock/clockMath';
import { useRunClock } from '../clock/useRunClock';
import { FilterPanel, type PickList } from '../filters/FilterPanel';
import {
  type AppliedFilters,
  appliedFiltersAtom,
  draftFiltersAtom,
  VARIANT_OF_MODE,
} from '../filters/filterAtoms';
import { citiesOf, regionsOf, warehousesOf } from '../filters/options';
import { activeAirportAtom, selectedFlightIdAtom, selectedOrderKeyAtom } from '../map/mapAtoms';
import { RunControls } from '../runs/RunControls';
import { currentRunAtom, orderRangeQueryAtom, runsQueryAtom } from '../runs/runAtoms';
import { narrowAnswer, narrowingBase } from './orderNarrowing';

/** Catalogs for the pick lists: the loaded plan's flights and the stored orders (searched on the server). */
const flightsQueryAtom = atomWithQuery(() => ({
  queryKey: ['vuelos', 'catalogo'] as const,
  queryFn: ({ signal }) => fetchDailyFlights(signal),
}));

const orderSearchKey = (text: string) => ['pedidos', 'catalogo', text] as const;

const orderSearchQuery = (text: string) => ({
  queryKey: orderSearchKey(text),
  // One more than the list shows: it then says there are more and asks for more letters.
  queryFn: ({ signal }: { signal: AbortSignal }) => searchOrderKeys(text, MAX_SHOWN + 1, signal),
});

const orderSearchAtom = atomFamily((text: string) =>
  atomWithQuery(() => ({
    ...orderSearchQuery(text),
    // Keep the last list on screen while the next search answers.
    placeholderData: keepPreviousData,
  })),
);

interface CatalogQuery {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A catalog query as a pick list: what it holds, whether it is loading, and its error with a retry. */
const pickList = (options: readonly PickOption[] | undefined, query: CatalogQuery): PickList => ({
  options: options ?? [],
  isLoading: query.isFetching,
  error: query.isError
    ? `No se pudo cargar la lista: ${query.error instanceof Error ? query.error.message : String(query.error)}`
    : null,
  onRetry: () => void query.refetch(),
});

/** Server time as a wall-clock UTC value for the date pickers. */
const toCalendarUtc = (iso: string) => {
  const d = new Date(iso);
  return new CalendarDateTime(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  );
};

/** The panel of a run screen: the run's controls, then the filters (real options) and the run's clock. */
export function ScreenFilterPanel({ mode }: { mode: RunMode }) {
  const airportsQuery = useAtomValue(airportsQueryAtom);
  const airports = airportsQuery.data ?? [];
  const flightsQuery = useAtomValue(flightsQueryAtom);
  const flights = flightsQuery.data;
  const [orderText, setOrderText] = useState('');
  const orderQuery = useDeferredValue(orderText.trim());
  const queryClient = useAtomValue(queryClientAtom);
  // A fresh answer already at hand for a prefix of the text (read at each keystroke's render).
  const freshAnswer = (prefix: string) => {
    const state = queryClient.getQueryState<string[]>(orderSearchKey(prefix));
    return state?.status === 'success' &&
      !state.isInvalidated &&
      Date.now() - state.dataUpdatedAt < QUERY_STALE_MS
      ? state.data
      : undefined;
  };
  const orderBase = narrowingBase(orderQuery, freshAnswer, MAX_SHOWN);
  // The request leaves at the keystroke, not after the panel's two renders (urgent, then deferred): the
  // deferred render then finds it under way or answered.
  const onOrderSearch = (text: string) => {
    setOrderText(text);
    void queryClient.prefetchQuery(orderSearchQuery(narrowingBase(text.trim(), freshAnswer, MAX_SHOWN)));
  };
  const orders = useAtomValue(orderSearchAtom(orderBase));
  const orderKeys = useMemo(
    () => (orders.data && orderBase !== orderQuery ? narrowAnswer(orders.data, orderQuery) : orders.data),
    [orders.data, orderBase, orderQuery],
  );
  const run = useAtomValue(currentRunAtom(mode));
  const runsKnown = useAtomValue(runsQueryAtom).isSuccess;
  const [draft, setDraft] = useAtom(draftFiltersAtom(mode));
  const setApplied = useSetAtom(appliedFiltersAtom(mode));
  const setAirport = useSetAtom(activeAirportAtom);
  const setFlight = useSetAtom(selectedFlightIdAtom);
  const setOrder = useSetAtom(selectedOrderKeyAtom);
  const range = useAtomValue(orderRangeQueryAtom).data;
  const clock = useRunClock(mode);

  const flightOptions = useMemo<PickOption[] | undefined>(
    () =>
      flights?.map((f) => ({
        id: f.id,
        label: f.id,
        description: `${f.salida} → ${f.llegada} hora local`,
      })),
    [flights],
  );
  const warehouseOptions = useMemo(() => warehousesOf(airports), [airports]);
  const orderOptions = useMemo<PickOption[] | undefined>(() => orderKeys?.map((id) => ({ id })), [orderKeys]);
  const regions = useMemo(() => regionsOf(airports), [airports]);

  // The dates start as the shown run's (another operator's), else as the loaded orders' range; once per
  // run or range, and never over what the operator typed.
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    // Wait for the list of runs: a run's dates win over the range.
    if (mode === 'colapso' || !runsKnown) return;
    const source = run
      ? { key: run.id, inicio: run.inicio, fin: run.fin }
      : range?.primero
        ? { key: `rango|${range.primero}|${range.ultimo}`, inicio: range.primero, fin: range.ultimo }
        : null;
    if (!source || prefilled.current === source.key) return;
    prefilled.current = source.key;
    if (draft.inicio || draft.fin) return;
    setDraft((d) => ({
      ...d,
      inicio: toCalendarUtc(source.inicio),
      fin: mode === 'semanal' && source.fin ? toCalendarUtc(source.fin) : null,
    }));
  }, [run, runsKnown, range, draft.inicio, draft.fin, mode, setDraft]);

  // Filtering is not run control: the panel hands its filters to the map and cards, and calls nothing.
  const onApply = (filters: AppliedFilters) => {
    setApplied(filters);
    if (filters.almacen) setAirport(filters.almacen);
    if (filters.vuelo) setFlight(filters.vuelo);
    if (filters.pedido) setOrder(filters.pedido);
    notify.info('Filtros aplicados');
  };

  return (
    <FilterPanel
      variant={VARIANT_OF_MODE[mode]}
      onApply={onApply}
      flights={pickList(flightOptions, flightsQuery)}
      warehouses={pickList(warehouseOptions, airportsQuery)}
      orders={{ ...pickList(orderOptions, orders), hasMore: (orderKeys?.length ?? 0) > MAX_SHOWN }}
      regions={regions}
      citiesFor={(region) => citiesOf(airports, region)}
      onOrderSearch={onOrderSearch}
      clock={{ now: clock.now, offline: clock.offline, caption: clockCaption(clock) }}
      runControls={<RunControls mode={mode} />}
    />
  );
}
