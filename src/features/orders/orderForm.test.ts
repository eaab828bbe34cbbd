import { describe, expect, it } from 'vitest';
import {
  defaultDestination,
  destinationOptions,
  SPEC_DESTINATIONS,
  toPayload,
  validateOrder,
} from './orderForm';

describe('order form rules', () => {
  it('requires client and destination and a quantity > 0', () => {
    expect(validateOrder({ clienteId: ' ', aeropuerto: '', cantidad: '' })).toEqual({
      clienteId: 'Requerido',
      aeropuerto: 'Requerido',
      cantidad: 'Debe ser > 0',
    });
    for (const typed of ['0', '1.5', '2.5', '2,5', '-2', '1e3', 'abc', '+3'])
      expect(validateOrder({ clienteId: '1', aeropuerto: 'LIM', cantidad: typed }).cantidad).toBe(
        'Debe ser > 0',
      );
    expect(validateOrder({ clienteId: '1', aeropuerto: 'LIM', cantidad: '1' })).toEqual({});
    expect(validateOrder({ clienteId: '1', aeropuerto: 'LIM', cantidad: '1001' }).cantidad).toBe(
      'Máximo 1000 productos por pedido',
    );
  });

  it('sends the typed quantity as the number it reads, never a rewritten one', () => {
    expect(toPayload({ clienteId: ' 42 ', aeropuerto: 'SPIM', cantidad: '25' })).toEqual({
      clienteId: '42',
      aeropuerto: 'SPIM',
      cantidad: 25,
    });
  });

  it('takes client ids of up to seven digits only', () => {
    expect(validateOrder({ clienteId: '0018234', aeropuerto: 'LIM', cantidad: '1' })).toEqual({});
    expect(validateOrder({ clienteId: '42', aeropuerto: 'LIM', cantidad: '1' })).toEqual({});
    for (const id of ['abc', '12345678', '12 34', '-12'])
      expect(validateOrder({ clienteId: id, aeropuerto: 'LIM', cantidad: '1' }).clienteId).toBe(
        'Solo dígitos, hasta 7',
      );
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
