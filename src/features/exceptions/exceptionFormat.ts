import type { ExceptionCountsDto, ExceptionOrder, ExceptionType } from '../../../contract';
import { AT_RISK_SLACK_DEFAULT_MIN } from '../../../contract/exceptionRules';
import { DAY_MIN, HOUR_MIN } from '../../../contract/time';

/** Words and numbers of the exceptions panel, kept pure so they are tested apart. */

export const TYPE_LABEL: Record<ExceptionType, string> = {
  atrasado: 'Atrasado',
  sin_ruta: 'Sin ruta',
  en_riesgo: 'En riesgo',
};

export const TYPE_FILTERS: readonly { value: ExceptionType | 'todos'; label: string }[] = [
  { value: 'todos', label: 'Todas' },
  { value: 'atrasado', label: 'Atrasados' },
  { value: 'sin_ruta', label: 'Sin ruta' },
  { value: 'en_riesgo', label: 'En riesgo' },
];

export const ORDER_OPTIONS: readonly { value: ExceptionOrder; label: string }[] = [
  { value: 'holgura', label: 'Holgura' },
  { value: 'plazo', label: 'Plazo' },
  { value: 'destino', label: 'Destino' },
  { value: 'clave', label: 'Pedido' },
  { value: 'productos', label: 'Productos' },
];

/** '2 h 10 min', '45 min', '1 d 3 h' (the sign apart). */
export function formatSpan(min: number): string {
  const m = Math.abs(Math.round(min));
  if (m < HOUR_MIN) return `${m} min`;
  if (m < DAY_MIN)
    return m % HOUR_MIN === 0 ? `${m / HOUR_MIN} h` : `${Math.floor(m / HOUR_MIN)} h ${m % HOUR_MIN} min`;
  const d = Math.floor(m / DAY_MIN);
  const h = Math.floor((m % DAY_MIN) / HOUR_MIN);
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}

/**
 * Slack as read in a row: '3 h de margen', '5 h 20 min tarde'; an order without a complete route has no
 * slack to measure, so it says how long its deadline still leaves ('vence en 5 h') or that it passed.
 */
export function formatSlack(min: number | null, plazo?: string, ahora?: string): string {
  if (min === null) {
    if (!plazo || !ahora) return 'sin ruta completa';
    const left = (Date.parse(plazo) - Date.parse(ahora)) / 60_000;
    return left <= 0 ? 'plazo vencido' : `vence en ${formatSpan(left)}`;
  }
  if (min < 0) return `${formatSpan(min)} tarde`;
  return `${formatSpan(min)} de margen`;
}

export const thresholdText = (min = AT_RISK_SLACK_DEFAULT_MIN) =>
  `en riesgo: menos de ${formatSpan(min)} de margen`;

/** What the badge counts: the orders that are already a problem (late or without a route). */
export const badgeCount = (t: ExceptionCountsDto) => t.atrasado + t.sin_ruta;

export const countOf = (t: ExceptionCountsDto, tipo: ExceptionType | 'todos') =>
  tipo === 'todos' ? t.atrasado + t.sin_ruta + t.en_riesgo : t[tipo];

/**
 * One toast for every late order that appeared since the last look, never one per order; null when
 * none (or on the first look, which reports what was already there through the badge).
 */
export function newLateMessage(previous: number | null, now: number): string | null {
  if (previous === null || now <= previous) return null;
  const n = now - previous;
  return n === 1 ? '1 pedido nuevo atrasado' : `${n} pedidos nuevos atrasados`;
}

/** '1–100 de 240' */
export function pageRange(pagina: number, limite: number, total: number): string {
  if (total === 0) return '0 de 0';
  const from = (pagina - 1) * limite + 1;
  const to = Math.min(total, pagina * limite);
  return `${from}–${to} de ${new Intl.NumberFormat('es-ES').format(total)}`;
}
