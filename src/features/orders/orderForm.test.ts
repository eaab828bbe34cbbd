import { describe, expect, it } from 'vitest';
import {
  defaultDestination,
  destinationOptions,
  quantityFromInput,
  SPEC_DESTINATIONS,
  validateOrder,
} from './orderForm';

describe('order form rules', () => {
  it('requires client and destination and a quantity > 0', () => {
    expect(validateOrder({ clienteId: ' ', aeropuerto: '', cantidad: '' })).toEqual({
      clienteId: 'Requerido',
      aeropuerto: 'Requerido',
      cantidad: 'Debe ser > 0',
    });
    expect(validateOrder({ clienteId: 'C', aeropuerto: 'LIM', cantidad: 0 }).cantidad).toBe('Debe ser > 0');
    expect(validateOrder({ clienteId: 'C', aeropuerto: 'LIM', cantidad: 1.5 }).cantidad).toBe('Debe ser > 0');
    expect(validateOrder({ clienteId: 'C', aeropuerto: 'LIM', cantidad: 1 })).toEqual({});
  });

  it('maps an empty quantity entry to an empty value, else a number', () => {
    expect(quantityFromInput(Number.NaN)).toBe('');
    expect(quantityFromInput(3)).toBe(3);
  });

  it('offers the loaded airports as "Ciudad (CODE)" with Lima by default, else the LIM/MAD pair', () => {
    const options = destinationOptions([
      { codigo: 'LEMD', ciudad: 'Madrid', lon: 0, lat: 0 },
      { codigo: 'SPIM', ciudad: 'Lima', lon: 0, lat: 0 },
      { codigo: 'XXXX', ciudad: null, lon: 0, lat: 0 },
    ]);
    expect(options.map((o) => o.label)).toEqual(['Lima (SPIM)', 'Madrid (LEMD)', 'XXXX']);
    expect(defaultDestination(options)).toBe('SPIM');
    expect(destinationOptions([])).toBe(SPEC_DESTINATIONS);
    expect(defaultDestination(destinationOptions(undefined))).toBe('LIM');
  });
});
