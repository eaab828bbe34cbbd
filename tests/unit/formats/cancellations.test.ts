import { describe, expect, it } from 'vitest';
import { parseCancellations, writeCancellations } from '../../../server/formats/cancellations';

const FLIGHTS = new Set(['SKBO-SEQM-03:34', 'SEQM-SKBO-04:29']);

describe('parseCancellations', () => {
  it('parses day of month and flight id, CRLF and blank lines', () => {
    const text = '01.SKBO-SEQM-03:34\r\n\r\n31.SEQM-SKBO-04:29\r\n';
    const r = parseCancellations(text, FLIGHTS);
    expect(r.errors).toEqual([]);
    expect(r.records).toEqual([
      { day: 1, flightId: 'SKBO-SEQM-03:34' },
      { day: 31, flightId: 'SEQM-SKBO-04:29' },
    ]);
    expect(writeCancellations(r.records)).toBe('01.SKBO-SEQM-03:34\n31.SEQM-SKBO-04:29\n');
  });

  it.each([
    ['32.SKBO-SEQM-03:34', 'día', "día '32' no es un día del mes"],
    ['00.SKBO-SEQM-03:34', 'día', "día '00' no es un día del mes"],
    ['01-SKBO-SEQM-03:34', 'línea', 'no tiene el punto tras el día'],
    ['01.SKBO-SEQM', 'vuelo', 'no tiene el formato ORIG-DEST-HH:MM'],
    ['01.SKBO-SEQM-3:34', 'hora de salida', "hora de salida '3:34' no es una hora válida"],
    ['01.SKB0-SEQM-03:34', 'origen', "origen 'SKB0' no es un código OACI"],
    ['01.SKBO-SEQM-09:00', 'vuelo', 'el vuelo SKBO-SEQM-09:00 no existe en el plan de vuelos'],
  ])('%s → error in %s', (text, field, fragment) => {
    const r = parseCancellations(`02.SKBO-SEQM-03:34\n${text}`, FLIGHTS);
    expect(r.records).toHaveLength(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 2, field });
    expect(r.errors[0].message).toMatch(/^Línea 2: /);
    expect(r.errors[0].message).toContain(fragment);
  });

  it('reports a repeated cancellation with both lines', () => {
    const r = parseCancellations('01.SKBO-SEQM-03:34\n01.SKBO-SEQM-03:34\n');
    expect(r.errors[0].message).toBe(
      'Línea 2: cancelación del vuelo SKBO-SEQM-03:34 el día 1 repetida (ya aparece en la línea 1)',
    );
  });
});
