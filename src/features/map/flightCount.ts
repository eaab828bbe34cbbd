/** The map's word on how many flights it shows, of how many are in the air. */

const number = new Intl.NumberFormat('es-ES');

/**
 * '200 de 850 vuelos en el aire' when the stream tells how many fly (the compact format); without
 * that total (the spec's array format) only what the map shows.
 */
export function flightCountText(shown: number, enAire: number | null): string {
  if (enAire === null) return `${number.format(shown)} ${shown === 1 ? 'vuelo' : 'vuelos'} en el mapa`;
  return `${number.format(shown)} de ${number.format(enAire)} ${enAire === 1 ? 'vuelo' : 'vuelos'} en el aire`;
}

/**
 * 'Mostrar todos' is offered while the list holds fewer flights than fly; once every flight is asked
 * for, the way back to the busiest ones stays offered.
 */
export function showAllOffer(
  received: number,
  enAire: number | null,
  showingAll: boolean,
): 'todos' | 'menos' | null {
  if (showingAll) return 'menos';
  if (enAire !== null && received < enAire) return 'todos';
  return null;
}
