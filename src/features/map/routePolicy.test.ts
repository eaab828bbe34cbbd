import { describe, expect, it } from 'vitest';
import { routeDrawing } from './routePolicy';

const ALL = { disponible: true, limitado: true, saturado: true };
const DEFAULT = { disponible: true, limitado: false, saturado: false };
const LOADED = { disponible: false, limitado: true, saturado: true };

describe('qué rutas dibuja el mapa', () => {
  it('sin filtros ni petición, ninguna además de la señalada y la seleccionada', () => {
    expect(routeDrawing(false, null, null)).toBe('ninguna');
    expect(routeDrawing(false, DEFAULT, null)).toBe('ninguna');
    expect(routeDrawing(false, ALL, null)).toBe('ninguna');
  });

  it('las de los vuelos que deja un filtro que acota: región o ciudad, o solo los cargados', () => {
    expect(routeDrawing(false, ALL, new Set(['SPIM']))).toBe('filtradas');
    expect(routeDrawing(false, LOADED, null)).toBe('filtradas');
    expect(routeDrawing(false, { ...LOADED, limitado: false }, null)).toBe('filtradas');
  });

  it('todas cuando el operador las pide, con o sin filtros', () => {
    expect(routeDrawing(true, null, null)).toBe('todas');
    expect(routeDrawing(true, LOADED, new Set(['SPIM']))).toBe('todas');
  });
});
