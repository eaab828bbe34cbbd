import { describe, expect, it } from 'vitest';
import {
  decodeText,
  detectEncoding,
  encodeUtf16be,
  splitLines,
  TextDecodeError,
} from '../../../server/formats/text';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('decodeText', () => {
  it('detects UTF-16 BE and LE by their BOM and drops the BOM', () => {
    const be = encodeUtf16be('Perú\r\nAsunción');
    expect(decodeText(be)).toEqual({ text: 'Perú\r\nAsunción', encoding: 'utf-16be' });
    const le = be.slice();
    for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
    expect(decodeText(le)).toEqual({ text: 'Perú\r\nAsunción', encoding: 'utf-16le' });
  });

  it('reads UTF-8 with or without BOM', () => {
    expect(decodeText(utf8('Perú'))).toEqual({ text: 'Perú', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Perú')]))).toEqual({
      text: 'Perú',
      encoding: 'utf-8',
    });
  });

  it('recognises UTF-16 without BOM from the zero bytes of ASCII text', () => {
    const be = encodeUtf16be('SKBO-SEQM').subarray(2);
    expect(decodeText(be)).toEqual({ text: 'SKBO-SEQM', encoding: 'utf-16be' });
  });

  it('rejects Latin-1 bytes with a Spanish message naming the line', () => {
    // "Perú" in Latin-1 on line 2: ú = 0xFA, invalid in UTF-8.
    const bytes = new Uint8Array([...utf8('titulo\nPer'), 0xfa, ...utf8('\n')]);
    expect(() => decodeText(bytes)).toThrow(TextDecodeError);
    try {
      decodeText(bytes);
    } catch (e) {
      const err = e as TextDecodeError;
      expect(err.line).toBe(2);
      expect(err.message).toMatch(/^Línea 2: el archivo no está en UTF-8 ni UTF-16/);
      expect(err.message).toContain('0xFA');
    }
  });

  it('rejects truncated UTF-8 sequences and UTF-16 with an odd number of bytes', () => {
    expect(() => decodeText(new Uint8Array([0x41, 0xc3]))).toThrow(/no está en UTF-8/);
    expect(() => decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00]))).toThrow(/número impar de bytes/);
    // Without a BOM too: a truncated UTF-16 file is named as such, not read as UTF-8 full of NULs.
    expect(() => decodeText(encodeUtf16be('SKBO').subarray(2, 9))).toThrow(/parece UTF-16.*impar/);
  });
});

describe('detectEncoding', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it('names the encoding and the BOM length from the first bytes alone, as a stream sees them', () => {
    expect(detectEncoding(bytes(0xfe, 0xff, 0x00))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
    expect(detectEncoding(bytes(0xff, 0xfe, 0x53))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectEncoding(bytes(0xef, 0xbb, 0xbf))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(detectEncoding(bytes(0x00, 0x53, 0x00))).toEqual({ encoding: 'utf-16be', bomLength: 0 });
    expect(detectEncoding(bytes(0x53, 0x00, 0x4b))).toEqual({ encoding: 'utf-16le', bomLength: 0 });
    expect(detectEncoding(utf8('SKB'))).toEqual({ encoding: 'utf-8', bomLength: 0 });
    expect(detectEncoding(utf8('S'))).toEqual({ encoding: 'utf-8', bomLength: 0 });
    expect(detectEncoding(bytes())).toEqual({ encoding: 'utf-8', bomLength: 0 });
  });

  it('gives decodeText the same answer for a whole file as for its first three bytes', () => {
    const text = 'SKBO-SEQM\r\nPerú';
    const be = encodeUtf16be(text);
    const le = be.slice();
    for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
    const files = [
      be,
      le,
      be.subarray(2),
      le.subarray(2),
      utf8(text),
      bytes(0xef, 0xbb, 0xbf, ...utf8(text)),
    ];
    for (const file of files) {
      const decoded = decodeText(file);
      expect(decoded.text).toBe(text);
      expect(decoded.encoding).toBe(detectEncoding(file.subarray(0, 3)).encoding);
    }
  });
});

describe('splitLines', () => {
  it('splits CRLF, LF and lone CR and ignores one trailing newline', () => {
    expect(splitLines('a\r\nb\nc\rd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('a\n\nb')).toEqual(['a', '', 'b']);
  });
});
