import { describe, expect, it } from 'vitest';
import { flightCountText, showAllOffer } from './flightCount';

describe('cuántos vuelos dice el mapa', () => {
  it('los que muestra de los que vuelan, cuando el flujo lo cuenta', () => {
    expect(flightCountText(200, 850)).toBe('200 de 850 vuelos en el aire');
    expect(flightCountText(0, 1)).toBe('0 de 1 vuelo en el aire');
    expect(flightCountText(1240, 1240)).toBe('1240 de 1240 vuelos en el aire');
  });

  it('solo los del mapa cuando el flujo no dice el total', () => {
    expect(flightCountText(200, null)).toBe('200 vuelos en el mapa');
    expect(flightCountText(1, null)).toBe('1 vuelo en el mapa');
  });

  it("ofrece 'Mostrar todos' mientras la lista se queda corta, y volver una vez pedidos todos", () => {
    expect(showAllOffer(200, 850, false)).toBe('todos');
    expect(showAllOffer(120, 120, false)).toBeNull();
    expect(showAllOffer(200, null, false)).toBeNull();
    expect(showAllOffer(850, 850, true)).toBe('menos');
  });
});
