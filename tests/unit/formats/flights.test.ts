import { describe, expect, it } from 'vitest';
import { parseFlights, writeFlights } from '../../../server/formats/flights';

const KNOWN = new Set(['SKBO', 'SEQM', 'SPIM']);

describe('parseFlights', () => {
  it('parses flights with CRLF and blank lines, minutes after local midnight', () => {
    const r = parseFlights('SKBO-SEQM-03:34-05:21-0300\r\n\r\nSEQM-SKBO-23:59-00:16-0340\r\n', KNOWN);
    expect(r.errors).toEqual([]);
    expect(r.records).toEqual([
      {
        id: 'SKBO-SEQM-03:34',
        origin: 'SKBO',
        destination: 'SEQM',
        depLocal: 214,
        arrLocal: 321,
        capacity: 300,
      },
      {
        id: 'SEQM-SKBO-23:59',
        origin: 'SEQM',
        destination: 'SKBO',
        depLocal: 1439,
        arrLocal: 16,
        capacity: 340,
      },
    ]);
    expect(writeFlights(r.records)).toBe('SKBO-SEQM-03:34-05:21-0300\nSEQM-SKBO-23:59-00:16-0340\n');
  });

  it.each([
    ['SKBO-SEQM-24:00-05:21-0300', 'hora de salida', "hora de salida '24:00' no es una hora válida"],
    ['SKBO-SEQM-03:34-5:21-0300', 'hora de llegada', "hora de llegada '5:21' no es una hora válida"],
    ['SKBO-SEQM-03:34-05:60-0300', 'hora de llegada', "hora de llegada '05:60' no es una hora válida"],
    ['SKBO-SEQM-03:34-05:21-0000', 'capacidad', "capacidad '0000' no es un entero positivo"],
    ['SKBO-SEQM-03:34-05:21-03a0', 'capacidad', "capacidad '03a0' no es un entero positivo"],
    ['SKBO-SEQM-03:34-05:21--300', 'línea', "tiene 6 campos separados por '-'"],
    ['SKBO-SEQM-03:34-05:21', 'línea', 'tiene 4 campos'],
    ['skbo-SEQM-03:34-05:21-0300', 'origen', "origen 'skbo' no es un código OACI"],
    ['SKBO-SEQ-03:34-05:21-0300', 'destino', "destino 'SEQ' no es un código OACI"],
    ['SKBO-SKBO-03:34-05:21-0300', 'destino', 'sale y llega al mismo aeropuerto (SKBO)'],
    [
      'SKBO-LFPG-03:34-05:21-0300',
      'destino',
      'el aeropuerto de destino LFPG no existe en el archivo de aeropuertos',
    ],
    [
      'EGLL-SKBO-03:34-05:21-0300',
      'origen',
      'el aeropuerto de origen EGLL no existe en el archivo de aeropuertos',
    ],
  ])('%s → error in %s', (text, field, fragment) => {
    const r = parseFlights(`SKBO-SEQM-01:00-02:00-0300\n${text}\n`, KNOWN);
    expect(r.records).toHaveLength(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 2, field });
    expect(r.errors[0].message).toMatch(/^Línea 2: /);
    expect(r.errors[0].message).toContain(fragment);
  });

  it('accepts any airport when no airport list is given', () => {
    expect(parseFlights('EGLL-LFPG-03:34-05:21-0300').errors).toEqual([]);
  });

  it('reports a repeated flight id with both lines', () => {
    const r = parseFlights(
      'SKBO-SEQM-03:34-05:21-0300\nSPIM-SKBO-01:00-02:00-0300\nSKBO-SEQM-03:34-06:00-0320\n',
    );
    expect(r.records).toHaveLength(2);
    expect(r.errors).toEqual([
      {
        line: 3,
        field: 'vuelo',
        message: 'Línea 3: vuelo SKBO-SEQM-03:34 repetido (ya aparece en la línea 1)',
        text: 'SKBO-SEQM-03:34-06:00-0320',
      },
    ]);
  });
});
