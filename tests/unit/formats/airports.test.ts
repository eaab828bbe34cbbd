import { describe, expect, it } from 'vitest';
import { parseAirports } from '../../../server/formats/airports';

const HEAD = 'Titulo\r\n*****\r\n       America del Sur.\t\t\t              GMT  CAPACIDAD\r\n';
const LIMA = `05   SPIM   Lima                Perú            lima    -5     440     Latitude: 12° 01' 19" S   Longitude:  77° 06' 52" W`;
const line = (code: string, gmt: string, cap: string, lat = `12° 01' 19" S`, lon = `77° 06' 52" W`) =>
  `06   ${code}   La Paz              Bolivia         lapa    ${gmt}     ${cap}     Latitude: ${lat}   Longitude:  ${lon}`;

/** Parses HEAD + lines; the first given line is line 4 of the file. */
const parse = (...lines: string[]) => parseAirports(HEAD + lines.join('\r\n'));

describe('parseAirports', () => {
  it('parses one airport with signed decimal coordinates and the block continent', () => {
    const r = parse(LIMA, '       Europa\t\t\t', line('EBCI', '+2', '440', `50° 27' 33" N`, `04° 27' 13" E`));
    expect(r.errors).toEqual([]);
    expect(r.records.map((a) => [a.code, a.continent, a.gmt])).toEqual([
      ['SPIM', 'America', -5],
      ['EBCI', 'Europa', 2],
    ]);
    expect(r.records[1].lat).toBeCloseTo(50.459167, 5);
    expect(r.records[1].lon).toBeCloseTo(4.453611, 5);
  });

  it.each([
    ['capacidad', line('SLLP', '-4', '-40'), "Línea 4: capacidad '-40' no es un entero positivo"],
    ['capacidad', line('SLLP', '-4', '0'), "Línea 4: capacidad '0' no es un entero positivo"],
    ['GMT', line('SLLP', '+15', '420'), "Línea 4: GMT '+15' está fuera del rango -12..+14"],
    ['GMT', line('SLLP', '-4.5', '420'), "Línea 4: GMT '-4.5' no es un número entero de horas"],
    [
      'código',
      line('sllp', '-4', '420'),
      "Línea 4: código 'sllp' no es un código OACI de 4 letras mayúsculas",
    ],
    [
      'latitud',
      line('SLLP', '-4', '420', `95° 00' 00" S`),
      "Línea 4: latitud '95° 00' 00\" S' está fuera del rango -90..90",
    ],
    [
      'latitud',
      line('SLLP', '-4', '420', `16° 30' 47" E`),
      "Línea 4: latitud '16° 30' 47\" E' tiene el hemisferio 'E' (use N o S)",
    ],
    [
      'latitud',
      line('SLLP', '-4', '420', `16° 75' 47" S`),
      "Línea 4: latitud '16° 75' 47\" S' tiene 75 minutos (máximo 59)",
    ],
    [
      'latitud',
      line('SLLP', '-4', '420', 'dieciseis sur'),
      "Línea 4: latitud 'dieciseis sur' no tiene el formato",
    ],
    [
      'longitud',
      line('SLLP', '-4', '420', `16° 30' 47" S`, `190° 11' 32" W`),
      "Línea 4: longitud '190° 11' 32\" W' está fuera del rango -180..180",
    ],
  ])('reports %s problems with the line number', (field, text, message) => {
    const r = parse(text);
    expect(r.records).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 4, field });
    expect(r.errors[0].message.startsWith(message)).toBe(true);
  });

  it('reports a repeated code with both lines', () => {
    const r = parse(LIMA, LIMA);
    expect(r.records).toHaveLength(1);
    expect(r.errors).toEqual([
      {
        line: 5,
        field: 'código',
        message: "Línea 5: código 'SPIM' repetido (ya aparece en la línea 4)",
        text: LIMA,
      },
    ]);
  });

  it('reports an airport outside any continent block', () => {
    const r = parseAirports(`Titulo\n*****\n${LIMA}\n`);
    expect(r.errors[0]).toMatchObject({ line: 3, field: 'continente' });
    expect(r.errors[0].message).toContain('no está dentro de un bloque de continente');
  });

  it('reports missing columns and unknown lines', () => {
    const r = parse(
      '05   SPIM   Lima   -5   440   Latitude: 12° 01\' 19" S   Longitude:  77° 06\' 52" W',
      'Oceania',
      '07 SCEL',
    );
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([
      [4, 'línea'],
      [5, 'línea'],
      [6, 'latitud'],
    ]);
    expect(r.errors[0].message).toContain('faltan columnas');
    expect(r.errors[1].message).toContain("línea no reconocida 'Oceania'");
    expect(r.errors[2].message).toContain("falta 'Latitude:'");
  });

  it('reports an empty file', () => {
    expect(parseAirports('').errors[0].message).toBe('Línea 1: el archivo no contiene ningún aeropuerto');
  });
});
