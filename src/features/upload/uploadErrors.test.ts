import { describe, expect, it } from 'vitest';
import { errorDetailsOf, errorListFileName, errorListText } from './uploadErrors';

describe('the error list of a rejected file', () => {
  const details = [
    {
      line: 2,
      field: 'fecha',
      message: "Línea 2: fecha '20251332' no existe",
      texto: '1-20251332-01-38-EBCI-006-0007729',
    },
    { line: 5, message: 'Línea 5: no tiene 7 campos' },
  ];

  it('writes every error with its line as read, and says when the server kept only the first ones', () => {
    const text = errorListText('pedidos.txt', details, 2);
    expect(text.split('\r\n')).toEqual([
      'Errores de pedidos.txt: 2',
      '',
      "Línea 2: fecha '20251332' no existe",
      '    1-20251332-01-38-EBCI-006-0007729',
      'Línea 5: no tiene 7 campos',
      '',
    ]);
    expect(errorListText('pedidos.txt', details, 5000)).toContain(
      'El servidor guarda los primeros 2 de 5000 errores',
    );
  });

  it('names the download after the file and ignores details it cannot read', () => {
    expect(errorListFileName('pedidos.dic.txt')).toBe('errores-pedidos.dic.txt');
    expect(errorDetailsOf([{ message: 'a' }, null, 3, { line: 1 }])).toEqual([{ message: 'a' }]);
    expect(errorDetailsOf('x')).toEqual([]);
  });
});
