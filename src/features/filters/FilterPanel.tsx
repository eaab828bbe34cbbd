import type { CalendarDateTime, DateValue } from '@internationalized/date';
import { useAtom, useAtomValue } from 'jotai';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Focusable } from 'react-aria-components';
import { LOAD_LEVELS } from '../../../contract/enums';
import { Button } from '../../components/Button/Button';
import { DatePicker } from '../../components/DatePicker/DatePicker';
import { type PickOption, SearchPick } from '../../components/SearchPick/SearchPick';
import { Select, type SelectOption } from '../../components/Select/Select';
import { ToggleChip } from '../../components/ToggleChip/ToggleChip';
import { Tooltip, TooltipTrigger } from '../../components/Tooltip/Tooltip';
import { LOAD_LEVEL_LABEL } from '../../lib/labels';
import { Clock } from '../clock/Clock';
import type { TimeSource } from '../clock/clockMath';
import { useClock } from '../clock/useClock';
import { streamOfflineAtom } from '../connection/connectionAtoms';
import { holdMapAnimation } from '../map/animationHold';
import * as styles from './FilterPanel.css';
import {
  ALL,
  type AppliedFilters,
  canApply,
  clearedDraft,
  draftFiltersAtom,
  type FilterDraft,
  MODE_OF_VARIANT,
  type PanelVariant,
  toAppliedFilters,
  VARIANT_DATES,
} from './filterAtoms';
import { ALL_OPTION } from './options';

export const APPLY_DISABLED_TOOLTIP = 'Selecciona el rango de fechas';
export const APPLY_ENABLED_TOOLTIP = 'Aplicar filtros';

/** A pick list's options and how their loading went, so the panel never offers what is not there. */
export interface PickList {
  options: readonly PickOption[];
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The server holds more matches than `options` (see SearchPick). */
  hasMore?: boolean;
}

const NONE: PickList = { options: [] };

/** What the panel hands a pick card that a screen renders itself: the pick, and the popover's state. */
export interface PickCardProps {
  value: string | null;
  onChange: (id: string) => void;
  onOpenChange: (isOpen: boolean) => void;
}

/** Slows the map's planes while a pick list is open, so typing answers at once. */
function usePickHold(): (open: boolean) => void {
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);
  return useCallback((open: boolean) => {
    release.current?.();
    release.current = open ? holdMapAnimation() : null;
  }, []);
}

export interface FilterPanelProps {
  variant: PanelVariant;
  /** The panel makes no backend call; it hands the applied filters to this callback. */
  onApply: (filters: AppliedFilters) => void;
  flights?: PickList;
  warehouses?: PickList;
  orders?: PickList;
  /** Regions and cities without "Todas" (the panel adds it). */
  regions?: readonly SelectOption[];
  /** Cities for a region ('todas' for all). */
  citiesFor?: (region: string | null) => readonly SelectOption[];
  /**
   * A 'Pedido' card that searches its own options (the server's orders) in place of `orders`: it holds
   * its search text, so a keystroke re-renders that card, not the panel.
   */
  orderPick?: (card: PickCardProps) => ReactNode;
  /** The clock pill's source (server clock); local time without it. */
  timeSource?: TimeSource;
  refreshInterval?: number;
  /** Stories fix "today" for the calendars' year range. */
  referenceDate?: DateValue;
  /** The screen's run clock (it wins over timeSource): the pill then shows what every clock shows. */
  clock?: { now: Date; offline: boolean; caption?: string };
  /** Shown after the dates, before the filters: the run screens' run controls (they start with those dates). */
  runControls?: ReactNode;
}

/** 'Controles de simulación': dates, load-level chips, three pick cards, more filters, Limpiar/Aplicar. */
export function FilterPanel({
  variant,
  onApply,
  flights = NONE,
  warehouses = NONE,
  orders = NONE,
  regions = [],
  citiesFor = () => [],
  orderPick,
  timeSource,
  refreshInterval,
  referenceDate,
  clock,
  runControls,
}: FilterPanelProps) {
  const [draft, setDraft] = useAtom(draftFiltersAtom(MODE_OF_VARIANT[variant]));
  const offline = useAtomValue(streamOfflineAtom);
  const onPickOpen = usePickHold();
  const ownTime = useClock(clock ? undefined : timeSource, refreshInterval, offline || clock !== undefined);
  const now = clock?.now ?? ownTime;
  const dates = VARIANT_DATES[variant];
  const ready = canApply(variant, draft);
  const update = (patch: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const region = draft.region === ALL ? null : draft.region;
  const regionOptions = [ALL_OPTION, ...regions];
  const cityOptions = [ALL_OPTION, ...citiesFor(region)];

  const apply = () => {
    if (ready) onApply(toAppliedFilters(variant, draft));
  };

  return (
    <div className={styles.panel} data-variant={variant}>
      <div className={styles.clockRow}>
        <Clock
          now={now}
          title="Hora del sistema"
          showDate
          offline={clock?.offline ?? offline}
          caption={clock?.caption}
        />
      </div>

      {dates.inicio || dates.fin ? (
        <section className={styles.section} aria-label="Fechas">
          {dates.inicio ? (
            <DatePicker<CalendarDateTime>
              label="Fecha de inicio"
              granularity="minute"
              hourCycle={24}
              referenceDate={referenceDate}
              value={draft.inicio}
              onChange={(v) => update({ inicio: v })}
            />
          ) : null}
          {dates.fin ? (
            <DatePicker<CalendarDateTime>
              label="Fecha de fin"
              granularity="minute"
              hourCycle={24}
              referenceDate={referenceDate}
              value={draft.fin}
              onChange={(v) => update({ fin: v })}
              isInvalid={Boolean(draft.inicio && draft.fin && draft.fin.compare(draft.inicio) <= 0)}
              errorMessage="La fecha de fin debe ser posterior a la de inicio"
            />
          ) : null}
        </section>
      ) : null}

      {runControls}

      <section className={styles.section} aria-labelledby={`niveles-${variant}`}>
        <h3 id={`niveles-${variant}`} className={styles.sectionTitle}>
          Nivel de carga
        </h3>
        <div className={styles.chips}>
          {LOAD_LEVELS.map((level) => (
            <ToggleChip
              key={level}
              tone={level}
              isSelected={draft.niveles[level]}
              onChange={(on) => update({ niveles: { ...draft.niveles, [level]: on } })}
            >
              {LOAD_LEVEL_LABEL[level]}
            </ToggleChip>
          ))}
        </div>
      </section>

      <section className={styles.picks} aria-label="Búsqueda">
        <SearchPick
          label="Vuelo"
          placeholder="Seleccionar vuelo"
          options={flights.options}
          isLoading={flights.isLoading}
          error={flights.error}
          onRetry={flights.onRetry}
          emptyText="No hay vuelos cargados"
          onOpenChange={onPickOpen}
          value={draft.vuelo}
          onChange={(vuelo) => update({ vuelo })}
        />
        <SearchPick
          label="Almacén"
          placeholder="Seleccionar almacén"
          options={warehouses.options}
          isLoading={warehouses.isLoading}
          error={warehouses.error}
          onRetry={warehouses.onRetry}
          emptyText="No hay aeropuertos cargados"
          onOpenChange={onPickOpen}
          value={draft.almacen}
          onChange={(almacen) => update({ almacen })}
        />
        {orderPick ? (
          orderPick({
            value: draft.pedido,
            onChange: (pedido) => update({ pedido }),
            onOpenChange: onPickOpen,
          })
        ) : (
          <SearchPick
            label="Pedido"
            placeholder="Seleccionar pedido"
            options={orders.options}
            hasMore={orders.hasMore}
            isLoading={orders.isLoading}
            error={orders.error}
            onRetry={orders.onRetry}
            emptyText="No hay pedidos cargados"
            onOpenChange={onPickOpen}
            value={draft.pedido}
            onChange={(pedido) => update({ pedido })}
          />
        )}
      </section>

      <Button
        variant="ghost"
        size="sm"
        className={styles.more}
        aria-expanded={draft.masFiltros}
        onPress={() => update({ masFiltros: !draft.masFiltros })}
      >
        {draft.masFiltros ? 'Ocultar filtros' : 'Más filtros'}
      </Button>
      {draft.masFiltros ? (
        <div className={styles.extra}>
          <Select
            label="Región"
            options={regionOptions}
            value={draft.region}
            onChange={(r) => update({ region: r, ciudad: ALL })}
          />
          <Select
            label="Ciudad"
            options={cityOptions}
            value={cityOptions.some((c) => c.value === draft.ciudad) ? draft.ciudad : ALL}
            onChange={(ciudad) => update({ ciudad })}
          />
        </div>
      ) : null}

      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => setDraft(clearedDraft(draft))}>
          Limpiar
        </Button>
        <TooltipTrigger delay={300}>
          {ready ? (
            <Button variant="primary" onPress={apply}>
              Aplicar
            </Button>
          ) : (
            <Focusable>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the disabled button's tooltip */}
              <span className={styles.disabledWrap} tabIndex={0} data-testid="aplicar-wrap">
                <Button variant="primary" isDisabled className={styles.disabledButton}>
                  Aplicar
                </Button>
              </span>
            </Focusable>
          )}
          <Tooltip>{ready ? APPLY_ENABLED_TOOLTIP : APPLY_DISABLED_TOOLTIP}</Tooltip>
        </TooltipTrigger>
      </div>
    </div>
  );
}
