import { CalendarDateTime } from '@internationalized/date';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { useEffect, useMemo, useRef } from 'react';
import type { RunMode } from '../../../contract';
import { airportsQueryAtom } from '../../api/airports';
import { fetchDailyFlights } from '../../api/catalog';
import type { PickOption } from '../../components/SearchPick/SearchPick';
import { notify } from '../../lib/notify';
import { clockCaption } from '../clock/clockMath';
import { useRunClock } from '../clock/useRunClock';
import { FilterPanel } from '../filters/FilterPanel';
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
import { OrderPick } from './OrderPick';
import { pickList } from './pickList';

/** Catalogs for the pick lists: the loaded plan's flights and the stored orders (searched on the server). */
const flightsQueryAtom = atomWithQuery(() => ({
  queryKey: ['vuelos', 'catalogo'] as const,
  queryFn: ({ signal }) => fetchDailyFlights(signal),
}));

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
      orderPick={(card) => <OrderPick {...card} />}
      regions={regions}
      citiesFor={(region) => citiesOf(airports, region)}
      clock={{ now: clock.now, offline: clock.offline, caption: clockCaption(clock) }}
      runControls={<RunControls mode={mode} />}
    />
  );
}
