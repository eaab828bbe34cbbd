import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { ExceptionPageDto, ExceptionRowDto, RunMode } from '../../../contract';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { Select } from '../../components/Select/Select';
import { TextField } from '../../components/TextField/TextField';
import { ToggleChip } from '../../components/ToggleChip/ToggleChip';
import { VirtualList } from '../../components/VirtualList/VirtualList';
import { notify } from '../../lib/notify';
import { useIsMobile } from '../../lib/useMediaQuery';
import { formatTime } from '../map/formatTime';
import { selectedOrderKeyAtom } from '../map/mapAtoms';
import * as styles from './ExceptionsPanel.css';
import {
  badgeCount,
  countOf,
  formatSlack,
  newLateMessage,
  ORDER_OPTIONS,
  pageRange,
  TYPE_FILTERS,
  TYPE_LABEL,
  thresholdText,
} from './exceptionFormat';
import {
  type ExceptionsView,
  exceptionsOpenAtom,
  exceptionsQueryAtom,
  exceptionsRunAtom,
  exceptionsViewAtom,
  updateExceptionsViewAtom,
} from './exceptionsAtoms';

/** Every row has this height: the virtualised list places rows without measuring them. */
export const EXCEPTION_ROW_PX = 88;
/** Typing settles this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

const TONE = { atrasado: 'late', sin_ruta: 'late', en_riesgo: 'risk' } as const;

function ExceptionRow({ row, ahora }: { row: ExceptionRowDto; ahora: string | undefined }) {
  return (
    <div className={styles.rowBody} data-tipo={row.tipo}>
      <div className={styles.rowTop}>
        <span className={styles.key}>{row.clave}</span>
        <span className={styles.tag({ tone: TONE[row.tipo] })}>{TYPE_LABEL[row.tipo]}</span>
        <span className={styles.slack({ late: row.holgura === null || row.holgura < 0 })}>
          {formatSlack(row.holgura, row.plazo, ahora)}
        </span>
      </div>
      <div className={styles.rowMeta}>
        {row.ciudad} · {row.productos} {row.productos === 1 ? 'producto' : 'productos'} · plazo{' '}
        {formatTime(row.plazo)}
        {row.estado === 'entregado' ? ' · entregado' : ''}
      </div>
      <div className={styles.reason}>{row.motivo}</div>
    </div>
  );
}

export interface ExceptionsPanelViewProps {
  data: ExceptionPageDto | undefined;
  /** First answer still on its way (a refetch keeps the last page on screen). */
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  view: ExceptionsView;
  onViewChange: (patch: Partial<ExceptionsView>) => void;
  onPick: (orderKey: string) => void;
  onClose: () => void;
}

/** The exceptions of a run: kinds with their counts, search, sort, a virtualised page and the pages. */
export function ExceptionsPanelView({
  data,
  loading,
  error,
  onRetry,
  view,
  onViewChange,
  onPick,
  onClose,
}: ExceptionsPanelViewProps) {
  const [text, setText] = useState(view.q);
  const latest = useRef(onViewChange);
  latest.current = onViewChange;
  useEffect(() => {
    if (text === view.q) return;
    const timer = setTimeout(() => latest.current({ q: text }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, view.q]);
  const totals = data?.totales;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.limite)) : 1;

  return (
    <section className={styles.panel} aria-label="Excepciones">
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>Excepciones</h2>
          <p className={styles.subtitle}>{thresholdText(data?.umbral)}</p>
        </div>
        <Button variant="ghost" size="sm" aria-label="Cerrar excepciones" onPress={onClose}>
          <Icon name="close" />
        </Button>
      </header>
      <fieldset className={styles.kinds} aria-label="Tipo de excepción">
        {TYPE_FILTERS.map((f) => (
          <ToggleChip
            key={f.value}
            tone={f.value === 'en_riesgo' ? 'limitado' : f.value === 'todos' ? 'neutral' : 'saturado'}
            isSelected={view.tipo === f.value}
            onChange={() => onViewChange({ tipo: f.value })}
          >
            {f.label}
            {totals ? ` (${new Intl.NumberFormat('es-ES').format(countOf(totals, f.value))})` : ''}
          </ToggleChip>
        ))}
      </fieldset>
      <div className={styles.controls}>
        <TextField
          label="Buscar"
          placeholder="Pedido o destino"
          value={text}
          onChange={setText}
          className={styles.search}
        />
        <Select
          label="Ordenar por"
          options={ORDER_OPTIONS}
          value={view.orden}
          onChange={(orden) => onViewChange({ orden: orden as ExceptionsView['orden'] })}
          className={styles.sort}
        />
        <Button
          size="sm"
          variant="secondary"
          aria-label={view.sentido === 'asc' ? 'Orden ascendente' : 'Orden descendente'}
          onPress={() => onViewChange({ sentido: view.sentido === 'asc' ? 'desc' : 'asc' })}
          className={styles.direction}
        >
          {view.sentido === 'asc' ? '↑' : '↓'}
        </Button>
      </div>
      {error && !data ? (
        <div className={styles.problem} role="alert">
          <p>No se pudieron cargar las excepciones: {error}</p>
          <Button size="sm" onPress={onRetry}>
            Reintentar
          </Button>
        </div>
      ) : loading && !data ? (
        <p className={styles.muted} aria-busy="true">
          Cargando excepciones...
        </p>
      ) : (
        <>
          <VirtualList
            aria-label="Pedidos con excepción"
            items={data?.filas ?? []}
            idOf={(r) => r.clave}
            textOf={(r) => `${r.clave}, ${TYPE_LABEL[r.tipo]}, ${r.ciudad}, ${formatSlack(r.holgura)}`}
            rowHeight={EXCEPTION_ROW_PX}
            onAction={onPick}
            empty={
              view.q
                ? `Ningún pedido con excepción coincide con «${view.q}»`
                : 'Sin excepciones: todos los pedidos van a tiempo con margen'
            }
            className={styles.list}
          >
            {(row) => <ExceptionRow row={row} ahora={data?.ahora} />}
          </VirtualList>
          {data && data.total > 0 ? (
            <footer className={styles.pager}>
              <span aria-live="polite">{pageRange(data.pagina, data.limite, data.total)}</span>
              <div className={styles.pagerButtons}>
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={data.pagina <= 1}
                  onPress={() => onViewChange({ pagina: data.pagina - 1 })}
                >
                  Anterior
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={data.pagina >= lastPage}
                  onPress={() => onViewChange({ pagina: data.pagina + 1 })}
                >
                  Siguiente
                </Button>
              </div>
            </footer>
          ) : null}
          {error ? (
            <p className={styles.muted} role="status">
              Sin actualizar: {error}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

export interface ExceptionsButtonProps {
  count: number | null;
  isOpen: boolean;
  onPress: () => void;
}

/** Opens the panel; its badge counts the orders late or without a route. */
export function ExceptionsButton({ count, isOpen, onPress }: ExceptionsButtonProps) {
  const label =
    count === null
      ? 'Excepciones'
      : `Excepciones: ${count} ${count === 1 ? 'pedido atrasado o sin ruta' : 'pedidos atrasados o sin ruta'}`;
  return (
    <Button variant="secondary" size="sm" aria-label={label} aria-expanded={isOpen} onPress={onPress}>
      <Icon name="warning" />
      Excepciones
      {count !== null ? (
        <span className={styles.badge({ alert: count > 0 })} data-testid="exceptions-badge">
          {new Intl.NumberFormat('es-ES').format(count)}
        </span>
      ) : null}
    </Button>
  );
}

/** Toasts new late orders once per poll, grouped, for the run on screen. */
function useLateToast(runId: string | null, late: number | undefined, placeholder: boolean) {
  const seen = useRef<{ runId: string | null; late: number | null }>({ runId: null, late: null });
  useEffect(() => {
    if (late === undefined || placeholder) return;
    const prev = seen.current.runId === runId ? seen.current.late : null;
    const message = newLateMessage(prev, late);
    if (message) notify.error(message);
    seen.current = { runId, late };
  }, [runId, late, placeholder]);
}

/** The exceptions of a mode's run: the button with its live badge, and the panel when open. */
export function ExceptionsDock({ mode }: { mode: RunMode }) {
  const run = useAtomValue(exceptionsRunAtom(mode));
  const query = useAtomValue(exceptionsQueryAtom(mode));
  const view = useAtomValue(exceptionsViewAtom(mode));
  const update = useSetAtom(updateExceptionsViewAtom(mode));
  const [open, setOpen] = useAtom(exceptionsOpenAtom(mode));
  const pickOrder = useSetAtom(selectedOrderKeyAtom);
  const mobile = useIsMobile();
  const totals = query.isPlaceholderData ? undefined : query.data?.totales;
  useLateToast(run?.id ?? null, totals?.atrasado, query.isPlaceholderData);
  if (!run) return null;
  return (
    <div className={styles.dock}>
      <ExceptionsButton
        count={totals ? badgeCount(totals) : null}
        isOpen={open}
        onPress={() => setOpen(!open)}
      />
      {open ? (
        <ExceptionsPanelView
          data={query.data}
          loading={query.isPending}
          error={query.error ? query.error.message : null}
          onRetry={() => void query.refetch()}
          view={view}
          onViewChange={update}
          onPick={(key) => {
            pickOrder(key);
            // On a phone the panel would cover the order's card and its route.
            if (mobile) setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
