import { CalendarDateTime } from '@internationalized/date';
import { keepPreviousData } from '@tanstack/react-query';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomFamily } from 'jotai/utils';
import { atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { RunMode } from '../../../contract';
import { airportsQueryAtom } from '../../api/airports';
import { fetchDailyFlights, searchOrderKeys } from '../../api/catalog';
import { startRun } from '../../api/runs';
import { MAX_SHOWN, type PickOption } from '../../components/SearchPick/SearchPick';
import { notify } from '../../lib/notify';
import { serverTimeSource } from '../clock/serverTimeSource';
import { FilterPanel, type PickList } from '../filters/FilterPanel';
import {
  type AppliedFilters,
  appliedFiltersAtom,
  draftFiltersAtom,
  VARIANT_OF_MODE,
} from '../filters/filterAtoms';
import { citiesOf, regionsOf, warehousesOf } from '../filters/options';
import { activeAirportAtom, selectedFlightIdAtom, selectedOrderKeyAtom } from '../map/mapAtoms';
import { currentRunAtom, RUNS_KEY } from '../runs/runAtoms';
import { RUN_STARTED_TEXT, runToStart } from '../runs/startRunFor';

/** Catalogs for the pick lists: the loaded plan's flights and the stored orders (searched on the server). */
const flightsQueryAtom = atomWithQuery(() => ({
  queryKey: ['vuelos', 'catalogo'] as const,
  queryFn: ({ signal }) => fetchDailyFlights(signal),
}));

const orderSearchAtom = atomFamily((text: string) =>
  atomWithQuery(() => ({
    queryKey: ['pedidos', 'catalogo', text] as const,
    // One more than the list shows: it then says there are more and asks for more letters.
    queryFn: ({ signal }) => searchOrderKeys(text, MAX_SHOWN + 1, signal),
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

/** The filter panel of a run screen: real options, the server clock, and applying starts or re-bases the run. */
export function ScreenFilterPanel({ mode }: { mode: RunMode }) {
  const airportsQuery = useAtomValue(airportsQueryAtom);
  const airports = airportsQuery.data ?? [];
  const flightsQuery = useAtomValue(flightsQueryAtom);
  const flights = flightsQuery.data;
  const [orderText, setOrderText] = useState('');
  const orderQuery = useDeferredValue(orderText.trim());
  const orders = useAtomValue(orderSearchAtom(orderQuery));
  const run = useAtomValue(currentRunAtom(mode));
  const [draft, setDraft] = useAtom(draftFiltersAtom(mode));
  const setApplied = useSetAtom(appliedFiltersAtom(mode));
  const setAirport = useSetAtom(activeAirportAtom);
  const setFlight = useSetAtom(selectedFlightIdAtom);
  const setOrder = useSetAtom(selectedOrderKeyAtom);
  const queryClient = useAtomValue(queryClientAtom);

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
  const orderOptions = useMemo<PickOption[] | undefined>(
    () => orders.data?.map((id) => ({ id })),
    [orders.data],
  );
  const regions = useMemo(() => regionsOf(airports), [airports]);

  // Another operator's run: show its dates in an untouched panel (once per run).
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    if (!run || prefilled.current === run.id) return;
    prefilled.current = run.id;
    if (draft.inicio || draft.fin || mode === 'colapso') return;
    setDraft((d) => ({
      ...d,
      inicio: toCalendarUtc(run.inicio),
      fin: mode === 'semanal' && run.fin ? toCalendarUtc(run.fin) : null,
    }));
  }, [run, draft.inicio, draft.fin, mode, setDraft]);

  const onApply = async (filters: AppliedFilters) => {
    setApplied(filters);
    if (filters.almacen) setAirport(filters.almacen);
    if (filters.vuelo) setFlight(filters.vuelo);
    if (filters.pedido) setOrder(filters.pedido);
    const payload = runToStart(mode, filters, run);
    if (!payload) {
      notify.info('Filtros aplicados');
      return;
    }
    try {
      await startRun(payload);
      notify.success(RUN_STARTED_TEXT[mode]);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      await queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    }
  };

  return (
    <FilterPanel
      variant={VARIANT_OF_MODE[mode]}
      onApply={onApply}
      flights={pickList(flightOptions, flightsQuery)}
      warehouses={pickList(warehouseOptions, airportsQuery)}
      orders={{ ...pickList(orderOptions, orders), hasMore: (orders.data?.length ?? 0) > MAX_SHOWN }}
      regions={regions}
      citiesFor={(region) => citiesOf(airports, region)}
      onOrderSearch={setOrderText}
      timeSource={serverTimeSource(mode)}
    />
  );
}
