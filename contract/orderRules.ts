/**
 * Rules for one order that the form and the server both apply, so a value the form accepts is a
 * value the server stores. Client ids are 7-digit numbers in every order file; the form takes fewer
 * digits and the server pads them.
 */

export const CLIENT_ID_DIGITS = 7;
/** Largest quantity of one order from the form (the order files' three digits allow 999). */
export const MAX_ORDER_QUANTITY = 1000;
/** Largest quantity of one order line in an order file (its quantity field has three digits). */
export const MAX_FILE_ORDER_QUANTITY = 999;

export const REQUIRED = 'Requerido';
export const POSITIVE = 'Debe ser > 0';
export const CLIENT_ID_MESSAGE = `Solo dígitos, hasta ${CLIENT_ID_DIGITS}`;
export const MAX_QUANTITY_MESSAGE = `Máximo ${MAX_ORDER_QUANTITY} productos por pedido`;

/** Null when valid, else the Spanish message for the client id field. */
export function clientIdProblem(raw: string): string | null {
  const id = raw.trim();
  if (id.length < 1) return REQUIRED;
  if (!/^\d+$/.test(id) || id.length > CLIENT_ID_DIGITS) return CLIENT_ID_MESSAGE;
  return null;
}

/** The stored form of a valid client id: zero-padded to seven digits. */
export const normalizeClientId = (raw: string) => raw.trim().padStart(CLIENT_ID_DIGITS, '0');

/** Null when valid, else the Spanish message for a quantity already parsed as a number. */
export function quantityProblem(quantity: unknown): string | null {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return POSITIVE;
  if (quantity > MAX_ORDER_QUANTITY) return MAX_QUANTITY_MESSAGE;
  return null;
}

/**
 * What the operator typed in the quantity field, read without rewriting it: only plain digits make a
 * number. "2.5", "2,5", "-2" and "1e3" are not whole numbers above zero, so they stay invalid instead of
 * becoming 25, 2 or 1000. An empty entry maps to an empty value.
 */
export function parseQuantityText(text: string): number | '' {
  const t = text.trim();
  if (t === '') return '';
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}
