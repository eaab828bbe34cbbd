import type { CancellationDto, FlightDetailDto } from '../../../contract';
import { MINUTE_MS } from '../../../contract/time';
import type { SimInstant } from '../../api/liveCompact';

/**
 * Why a flight cannot be cancelled from its card, or null when it can. The business rule: an operator
 * cancels a flight while it is on the ground, never after take-off, and only in a run that is moving.
 * The server checks the same at the moment it cancels; this only saves a click that would fail.
 */
export function cancelBlock(
  flight: Pick<FlightDetailDto, 'salida' | 'cancelado'>,
  instant: SimInstant | null,
  /** The flight is in the live list (in the air) — the only sign without the stream's instant. */
  airborne: boolean,
): string | null {
  if (flight.cancelado) return 'El vuelo ya está cancelado.';
  const departure = Date.parse(flight.salida) / MINUTE_MS;
  const tookOff = instant?.t != null ? instant.t >= departure : airborne;
  if (tookOff) return 'Ya despegó: un vuelo solo se cancela antes del despegue.';
  if (instant?.velocidad === 0) return 'La simulación no está en curso: no admite cancelaciones.';
  return null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the card says once the flight is cancelled: what moved, and whether any order became late. */
export function cancelSummary(outcome: { productos: number; result: CancellationDto }): {
  replanned: string;
  lateness: string;
  /** Orders that are now late or without a route: the operator's next look. */
  hurt: string[];
} {
  const { productos, result } = outcome;
  const replanned =
    result.pedidosAfectados === 0
      ? 'Vuelo cancelado: no llevaba productos; nada que replanificar.'
      : `Vuelo cancelado: se replanificaron ${plural(productos, 'producto', 'productos')} de ${plural(result.pedidosAfectados, 'pedido', 'pedidos')}.`;
  const parts = [
    result.atrasados > 0
      ? plural(result.atrasados, 'pedido quedó atrasado', 'pedidos quedaron atrasados')
      : null,
    result.sinRuta > 0 ? plural(result.sinRuta, 'pedido quedó sin ruta', 'pedidos quedaron sin ruta') : null,
  ].filter((p): p is string => p !== null);
  const lateness =
    parts.length === 0
      ? result.pedidosAfectados === 0
        ? ''
        : 'Ningún pedido quedó atrasado: todos siguen a tiempo.'
      : `${parts.join(' y ')}.`;
  const hurt = result.pedidos
    .filter((p) => p.estado === 'atrasado' || p.estado === 'sin_ruta')
    .map((p) => p.pedido);
  return { replanned, lateness, hurt };
}
