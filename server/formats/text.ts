/**
 * Byte-level decoding shared by every input format. Files come from Windows tools (UTF-16 with BOM, CRLF)
 * as well as from editors saving UTF-8, so the encoding is detected here once, before any parser runs.
 */

export type TextEncodingName = 'utf-16be' | 'utf-16le' | 'utf-8';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** Thrown when the bytes are not text we can read; the message is for operators (Spanish). */
export class TextDecodeError extends Error {
  readonly code = 'codificacion-invalida';
  /** 1-based line of the first undecodable byte, when known. */
  readonly line: number | undefined;
  readonly byteOffset: number | undefined;

  constructor(message: string, line?: number, byteOffset?: number) {
    super(message);
    this.name = 'TextDecodeError';
    this.line = line;
    this.byteOffset = byteOffset;
  }
}

const UTF8_HINT = 'Guárdelo como UTF-8 o UTF-16 e inténtelo de nuevo.';

export interface DetectedEncoding {
  encoding: TextEncodingName;
  /** Bytes of the byte-order mark at the start (0 without one). */
  bomLength: number;
}

/**
 * The encoding of a file from its first three bytes (fewer for a shorter file): the BOM first; without
 * one, UTF-16 is recognised by a zero byte in the first pair, since every format starts with ASCII and
 * text never holds a NUL. A UTF-16 file of odd length is still UTF-16, truncated: decoding says so.
 */
export function detectEncoding(head: Uint8Array): DetectedEncoding {
  const [a, b, c] = head;
  if (head.length >= 2 && a === 0xfe && b === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  if (head.length >= 2 && a === 0xff && b === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head.length >= 3 && a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head.length >= 2 && a === 0 && b !== 0) return { encoding: 'utf-16be', bomLength: 0 };
  if (head.length >= 2 && a !== 0 && b === 0) return { encoding: 'utf-16le', bomLength: 0 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/**
 * Detects the encoding and decodes strictly: invalid bytes are rejected, never replaced by '�', so a
 * Latin-1 file cannot silently turn 'Perú' into 'Per�'.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const { encoding, bomLength } = detectEncoding(bytes);
  return encoding === 'utf-8' ? decodeUtf8(bytes, bomLength) : decodeUtf16(bytes, encoding, bomLength);
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16be' | 'utf-16le', start: number): DecodedText {
  if ((bytes.length - start) % 2 !== 0) {
    throw new TextDecodeError(
      `El archivo parece UTF-16 pero tiene un número impar de bytes (${bytes.length}): está truncado o dañado. ${UTF8_HINT}`,
    );
  }
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
    return { text, encoding };
  } catch {
    throw new TextDecodeError(
      `El archivo parece UTF-16 pero contiene caracteres inválidos (sustitutos sin pareja). ${UTF8_HINT}`,
    );
  }
}

function decodeUtf8(bytes: Uint8Array, start: number): DecodedText {
  try {
    // Native strict decoding first (fast on big uploads); the slow scan below only locates the bad byte.
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start)),
      encoding: 'utf-8',
    };
  } catch {
    const bad = Math.max(start, firstInvalidUtf8(bytes, start));
    const line = lineAtByte(bytes, bad);
    const hex = bytes[bad].toString(16).toUpperCase().padStart(2, '0');
    throw new TextDecodeError(
      `Línea ${line}: el archivo no está en UTF-8 ni UTF-16 (byte 0x${hex} inválido en la posición ${bad + 1}; ` +
        `quizá se guardó como Latin-1/ANSI). ${UTF8_HINT}`,
      line,
      bad,
    );
  }
}

/** Offset of the first byte that breaks UTF-8 (overlongs and surrogates included), or -1. */
function firstInvalidUtf8(b: Uint8Array, start: number): number {
  const n = b.length;
  let i = start;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
      cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
      cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
      cp = c & 0x07;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

function lineAtByte(b: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (b[i] === 0x0a) line++;
  return line;
}

/** UTF-16 big-endian with BOM, the encoding of the official airports file. */
export function encodeUtf16be(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xfe;
  out[1] = 0xff;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out[2 + i * 2] = u >> 8;
    out[3 + i * 2] = u & 0xff;
  }
  return out;
}

/**
 * Splits text into lines without regex (CRLF, LF or lone CR). Line numbers are 1-based.
 * A final line without a newline is still a line; a trailing newline does not add an empty one.
 */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lines.push(text.slice(start, i));
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  if (start < n) lines.push(text.slice(start));
  return lines;
}

/** Removes byte-order marks wherever they were left (the real airports file has them at line ends). */
export function stripBom(s: string): string {
  return s.indexOf('\uFEFF') >= 0 ? s.replaceAll('\uFEFF', '') : s;
}

/**
 * Strict decoding of a byte stream in pieces, with the detection decodeText uses. Counts the lines it
 * has passed so that a bad byte, or a file cut in the middle of a character, is reported with its line
 * (the whole file is never held, so the line cannot be found afterwards).
 */
export class StreamDecoder {
  encoding: TextEncodingName | undefined;
  /** Newlines decoded so far. */
  private newlines = 0;
  private offset = 0;
  private decoder: TextDecoder | undefined;
  private head = new Uint8Array(0);

  push(chunk: Uint8Array): string {
    if (this.decoder) return this.decode(chunk, true);
    const joined = new Uint8Array(this.head.length + chunk.length);
    joined.set(this.head);
    joined.set(chunk, this.head.length);
    if (joined.length < 3) {
      this.head = joined;
      return '';
    }
    this.head = new Uint8Array(0);
    this.start(joined);
    return this.decode(joined, true);
  }

  end(): string {
    if (!this.decoder) {
      if (this.head.length === 0) return '';
      this.start(this.head);
      const head = this.head;
      this.head = new Uint8Array(0);
      return this.decode(head, false);
    }
    return this.decode(new Uint8Array(0), false);
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    let text: string;
    try {
      text = this.decoder!.decode(bytes, { stream });
    } catch {
      throw this.failure(bytes, stream);
    }
    let i = text.indexOf('\n');
    while (i >= 0) {
      this.newlines++;
      i = text.indexOf('\n', i + 1);
    }
    this.offset += bytes.length;
    return text;
  }

  private failure(bytes: Uint8Array, stream: boolean): TextDecodeError {
    if (!stream) {
      const line = this.newlines + 1;
      return this.encoding === 'utf-8'
        ? new TextDecodeError(
            `Línea ${line}: el archivo termina a mitad de un carácter UTF-8: está truncado o dañado. ${UTF8_HINT}`,
            line,
          )
        : new TextDecodeError(
            `Línea ${line}: el archivo UTF-16 termina a mitad de un carácter (número impar de bytes o sustituto sin pareja): está truncado o dañado. ${UTF8_HINT}`,
            line,
          );
    }
    if (this.encoding !== 'utf-8') {
      const line = this.newlines + 1;
      return new TextDecodeError(
        `Línea ${line}: el archivo parece UTF-16 pero contiene caracteres inválidos (sustitutos sin pareja). ${UTF8_HINT}`,
        line,
      );
    }
    // The bad byte is in this piece (a sequence begun in the previous one is counted from here).
    const at = Math.max(0, firstInvalidUtf8(bytes, 0));
    let line = this.newlines + 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
    const hex = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return new TextDecodeError(
      `Línea ${line}: el archivo no está en UTF-8 ni UTF-16 (byte 0x${hex} inválido en la posición ${this.offset + at + 1}; ` +
        `quizá se guardó como Latin-1/ANSI). ${UTF8_HINT}`,
      line,
      this.offset + at,
    );
  }

  private start(b: Uint8Array): void {
    const { encoding } = detectEncoding(b);
    this.encoding = encoding;
    // ignoreBOM false: a leading BOM is consumed, as decodeText does.
    this.decoder = new TextDecoder(encoding, { fatal: true });
  }
}
