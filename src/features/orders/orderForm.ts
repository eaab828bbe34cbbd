import type { AirportDto, OrderPayload } from '../../../contract';
import {
  clientIdProblem,
  MAX_ORDER_QUANTITY,
  parseQuantityText,
  quantityProblem,
  REQUIRED,
} from '../../../contract/orderRules';

/** The order form's values, rules and destination options. */

export { MAX_ORDER_QUANTITY };
/** The quantity field holds what was typed, so the form never rewrites it. */
export const DEFAULT_QUANTITY = '1';
/** The spec's default destination; the server maps it to the loaded file's code for Lima. */
export const SPEC_DEFAULT_AIRPORT = 'LIM';
/** The spec's destination pair, offered when no airports are loaded. */
export const SPEC_DESTINATIONS: readonly DestinationOption[] = [
  { id: 'LIM', label: 'Lima (LIM)' },
  { id: 'MAD', label: 'Madrid (MAD)' },
];
export const LIMA_ICAO = 'SPIM';

export { POSITIVE, REQUIRED } from '../../../contract/orderRules';

export interface OrderFormValues {
  clienteId: string;
  aeropuerto: string;
  /** The quantity as typed. */
  cantidad: string;
}

export type OrderField = keyof OrderFormValues;
export const ORDER_FIELDS: readonly OrderField[] = ['clienteId', 'aeropuerto', 'cantidad'];
export type OrderErrors = Partial<Record<OrderField, string>>;

export interface DestinationOption {
  id: string;
  label: string;
}

export const emptyOrder = (aeropuerto: string): OrderFormValues => ({
  clienteId: '',
  aeropuerto,
  cantidad: DEFAULT_QUANTITY,
});

export function validateOrder(values: OrderFormValues): OrderErrors {
  const errors: OrderErrors = {};
  const client = clientIdProblem(values.clienteId);
  if (client) errors.clienteId = client;
  if (values.aeropuerto.trim().length < 1) errors.aeropuerto = REQUIRED;
  const quantity = quantityProblem(parseQuantityText(values.cantidad));
  if (quantity) errors.cantidad = quantity;
  return errors;
}

export const isValidOrder = (values: OrderFormValues) => Object.keys(validateOrder(values)).length === 0;

export function toPayload(values: OrderFormValues): OrderPayload {
  return {
    clienteId: values.clienteId.trim(),
    aeropuerto: values.aeropuerto,
    cantidad: Number(parseQuantityText(values.cantidad)),
  };
}

/** 'Ciudad (CODE)', by city; the spec's LIM/MAD pair when no airports are loaded. */
export function destinationOptions(
  airports: readonly AirportDto[] | undefined,
): readonly DestinationOption[] {
  if (!airports || airports.length === 0) return SPEC_DESTINATIONS;
  return airports
    .map((a) => ({ id: a.codigo, label: a.ciudad ? `${a.ciudad} (${a.codigo})` : a.codigo }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/** Lima: SPIM when the loaded airports have it, else the spec's LIM (which the server maps). */
export function defaultDestination(options: readonly DestinationOption[]): string {
  if (options.some((o) => o.id === LIMA_ICAO)) return LIMA_ICAO;
  const lima = options.find((o) => /^lima\b/i.test(o.label));
  if (lima) return lima.id;
  if (options.some((o) => o.id === SPEC_DEFAULT_AIRPORT) || options.length === 0) return SPEC_DEFAULT_AIRPORT;
  return options[0].id;
}
