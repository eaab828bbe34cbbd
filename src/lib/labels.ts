import type { LoadLevel, OrderState, RunState } from '../../contract';

/** Spanish names of the wire's states, as every screen shows them. */

export const RUN_STATE_LABEL: Record<RunState, string> = {
  en_curso: 'En curso',
  terminada: 'Terminada',
  colapsada: 'Colapsada',
  detenida: 'Detenida',
  pausada: 'Pausada',
  fallida: 'Fallida',
};

export const ORDER_STATE_LABEL: Record<OrderState, string> = {
  a_tiempo: 'A tiempo',
  atrasado: 'Atrasado',
  sin_ruta: 'Sin ruta',
  desde_stock: 'Desde stock de sede',
  pendiente: 'Pendiente',
};

export const LOAD_LEVEL_LABEL: Record<LoadLevel, string> = {
  disponible: 'Disponible',
  limitado: 'Limitado',
  saturado: 'Saturado',
};
