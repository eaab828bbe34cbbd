import { describe, expect, it } from 'vitest';
import { MAX_KEPT_ERRORS } from '../../../server/formats/issues';
import { createOrderLineParser, parseOrders, writeOrders } from '../../../server/formats/orders';

const KNOWN = new Set(['EBCI', 'SPIM', 'OPKC']);
const GOOD = '000000001-20250102-01-38-EBCI-006-0007729';

describe('parseOrders', () => {
  it('parses every field, CRLF, blank lines and a last line without newline', () => {
    const r = parseOrders(`${GOOD}\r\n\r\n000000002-20240229-23-59-SPIM-120-0000001`, KNOWN);
    expect(r.errors).toEqual([]);
    expect(r.records).toEqual([
      {
        seq: 1,
        destination: 'EBCI',
        year: 2025,
        month: 1,
        day: 2,
        hour: 1,
        minute: 38,
        quantity: 6,
        clientId: '0007729',
      },
      {
        seq: 2,
        destination: 'SPIM',
        year: 2024,
        month: 2,
        day: 29,
        hour: 23,
        minute: 59,
        quantity: 120,
        clientId: '0000001',
      },
    ]);
    expect(writeOrders(r.records)).toBe(`${GOOD}\n000000002-20240229-23-59-SPIM-120-0000001\n`);
  });

  it.each([
    ['000000002-20250230-01-38-EBCI-006-0007729', 'fecha', "fecha '20250230' no existe en el calendario"],
    ['000000002-20250229-01-38-EBCI-006-0007729', 'fecha', "fecha '20250229' no existe en el calendario"],
    ['000000002-20251301-01-38-EBCI-006-0007729', 'fecha', "fecha '20251301' no existe en el calendario"],
    ['000000002-2025012-01-38-EBCI-006-0007729', 'fecha', "fecha '2025012' no tiene el formato aaaammdd"],
    ['000000002-20250102-24-38-EBCI-006-0007729', 'hora', "hora '24' no es una hora válida (00 a 23)"],
    ['000000002-20250102-01-60-EBCI-006-0007729', 'minuto', "minuto '60' no es un minuto válido (00 a 59)"],
    [
      '000000002-20250102-01-38-EBCI-000-0007729',
      'cantidad',
      "cantidad '000' no es un entero mayor o igual a 1",
    ],
    [
      '000000002-20250102-01-38-EBCI-1.5-0007729',
      'cantidad',
      "cantidad '1.5' no es un entero mayor o igual a 1",
    ],
    ['000000002-20250102-01-38-EBCI--06-0007729', 'cantidad', "cantidad '-06' es negativa"],
    ['000000002-20250102-01-38-EBCI-006-007729', 'cliente', "cliente '007729' no es un código de 7 dígitos"],
    [
      '000000002-20250102-01-38-EBCI-006-00077X9',
      'cliente',
      "cliente '00077X9' no es un código de 7 dígitos",
    ],
    [
      '00000000A-20250102-01-38-EBCI-006-0007729',
      'número de pedido',
      "número de pedido '00000000A' no es un número",
    ],
    ['000000002-20250102-01-38-ebci-006-0007729', 'destino', "destino 'ebci' no es un código OACI"],
    [
      '000000002-20250102-01-38-LFPG-006-0007729',
      'destino',
      'el aeropuerto de destino LFPG no existe en el archivo de aeropuertos',
    ],
    ['000000002-20250102-01-38-EBCI-006', 'línea', "no tiene 7 campos separados por '-'"],
    ['hola', 'línea', "'hola' no tiene 7 campos"],
  ])('%s → error in %s', (text, field, fragment) => {
    const r = parseOrders(`${GOOD}\n${text}\n`, KNOWN);
    expect(r.records).toHaveLength(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errorCount).toBe(1);
    expect(r.errors[0]).toMatchObject({ line: 2, field });
    expect(r.errors[0].message).toMatch(/^Línea 2: /);
    expect(r.errors[0].message).toContain(fragment);
  });

  it('reports a repeated (destination, sequence) with both line numbers, but allows the same sequence elsewhere', () => {
    const text = [GOOD, '000000001-20250103-02-00-SPIM-001-0000002', '', GOOD.replace('006', '009')].join(
      '\n',
    );
    const r = parseOrders(text, KNOWN);
    expect(r.records.map((o) => o.destination)).toEqual(['EBCI', 'SPIM']);
    expect(r.errors).toEqual([
      {
        line: 4,
        field: 'número de pedido',
        message: 'Línea 4: pedido 000000001 con destino EBCI repetido: ya aparece en la línea 1',
        text: GOOD.replace('006', '009'),
      },
    ]);
  });

  it('keeps only the first errors of a garbage file but counts them all', () => {
    const r = parseOrders('basura\n'.repeat(MAX_KEPT_ERRORS * 3));
    expect(r.errorCount).toBe(MAX_KEPT_ERRORS * 3);
    expect(r.errors).toHaveLength(MAX_KEPT_ERRORS);
    expect(r.errors[MAX_KEPT_ERRORS - 1].line).toBe(MAX_KEPT_ERRORS);
    expect(r.errors[0].text).toBe('basura');
  });

  it('reports one error for a huge line without newlines, even when streamed', () => {
    const p = createOrderLineParser();
    for (let i = 0; i < 50; i++) p.push('x'.repeat(10_000));
    p.push(`\n${GOOD}\n`);
    const r = p.end();
    expect(r.errorCount).toBe(1);
    expect(r.errors[0]).toMatchObject({ line: 1, field: 'línea' });
    expect(r.errors[0].message).toContain('no es una línea de pedido');
    expect(r.records).toHaveLength(1);
  });

  it('streams: lines cut anywhere between chunks give the same result and line numbers', () => {
    const text = `${GOOD}\r\n000000002-20250102-24-38-EBCI-006-0007729\r\n000000003-20250102-01-38-OPKC-002-0000003`;
    const whole = parseOrders(text, KNOWN);
    for (const size of [1, 2, 7, 41, 43]) {
      const p = createOrderLineParser(KNOWN);
      for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
      expect(p.end()).toEqual(whole);
    }
    expect(whole.records).toHaveLength(2);
    expect(whole.errors[0].line).toBe(2);
  });
});
