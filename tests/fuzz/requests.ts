import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './openapi';
import { fuzzText, fuzzValue, hostileText, type Known } from './values';

/** One request the fuzzer sends; `as` names who sends it (the world turns it into a cookie). */
export interface FuzzRequest {
  operation: string;
  as: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** What an HTTP client can put in a header value: no control characters, nothing past Latin-1. */
export const headerSafe = (text: string): string =>
  [...text].filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f' && c <= '\u00ff')).join('');

/** Percent-encoding as a browser does it (a lone surrogate goes as U+FFFD, as its UTF-8 would). */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

/** The value one time in `every` (else undefined). */
const sometimes = <T>(arb: fc.Arbitrary<T>, every: number) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

function paramText(p: Parameter, known: Known) {
  return fuzzText(p.schema, known);
}

/** A path segment: percent-encoded as a client should, or raw (damaged encodings, dots, slashes). */
const segment = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.nat(19)).map(([t, roll]) => (roll < 17 || t === '' ? encode(t) : t));

function queryString(params: Parameter[], known: Known): fc.Arbitrary<string> {
  const pairs = params.map((p) =>
    fc
      .tuple(
        p.required
          ? fc.oneof(
              { weight: 19, arbitrary: paramText(p, known) },
              { weight: 1, arbitrary: fc.constant(undefined) },
            )
          : sometimes(paramText(p, known), 2),
        fc.nat(9),
        paramText(p, known),
      )
      .map(([v, roll, again]) => {
        if (v === undefined) return [];
        const name = encode(p.name);
        const one = `${name}=${encode(v)}`;
        // Sometimes the same name twice: frameworks read that as a list.
        return roll === 0 ? [one, `${name}=${encode(again)}`] : [one];
      }),
  );
  const junk = fc.constantFrom(
    '',
    '',
    '',
    '',
    '&',
    '&=',
    '&%',
    '&a[b]=1',
    '&__proto__[x]=1',
    '&desconocido=1',
    '&&&',
  );
  return fc.tuple(fc.tuple(...pairs), junk).map(([parts, tail]) => {
    const q = parts.flat().join('&') + tail;
    return q ? `?${q}` : '';
  });
}

const DEEP = 5_000;
const RAW_JSON = [
  '',
  '{',
  '{"a":',
  'nul',
  '[1,]',
  '{"a":1}{"b":2}',
  'null',
  '"texto"',
  '1e999',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"rol":"administrador"}}',
  '['.repeat(DEEP) + ']'.repeat(DEEP),
  `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`,
  `{"a":"${'\\\\'.repeat(1000)}"}`,
];

function jsonBody(schema: Schema, known: Known): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: fuzzValue(schema, known).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON) },
    // Just over the 1 MB body limit, now and then.
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ x: ' '.repeat(1024 * 1024) })) },
  );
}

function multipartBody(): fc.Arbitrary<{ payload: Buffer; type: string }> {
  const content = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
    fc.array(hostileText, { maxLength: 8 }).map((lines) => Buffer.from(lines.join('\r\n'))),
    fc.array(fc.string({ maxLength: 60 }), { maxLength: 20 }).map((lines) => Buffer.from(lines.join('\n'))),
    fc.constant(Buffer.alloc(0)),
  );
  return fc
    .record({
      field: fc.oneof(fc.constant('file'), fc.constant('file'), hostileText),
      filename: fc.oneof(
        fc.constantFrom('datos.txt', 'datos.csv', 'a.exe', '.txt', '../../x.txt'),
        hostileText,
      ),
      files: fc.array(content, { minLength: 0, maxLength: 2 }),
      cut: fc.nat(9),
      boundary: fc.nat(9),
    })
    .map(({ field, filename, files, cut, boundary }) => {
      const b = 'fuzzlimite';
      const parts = files.map((bytes) =>
        Buffer.concat([
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="${headerSafe(field)}"; filename="${headerSafe(filename)}"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        ]),
      );
      let payload = Buffer.concat([...parts, Buffer.from(`--${b}--\r\n`)]);
      if (cut === 0) payload = payload.subarray(0, Math.floor(payload.length / 2));
      const type = boundary === 0 ? 'multipart/form-data' : `multipart/form-data; boundary=${b}`;
      return { payload, type };
    });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json;;',
  'text/plain',
  'text/plain; charset=utf-16',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
  'application/merge-patch+json',
  '*/*',
  'json',
];

const headerChoices = {
  origin: fc.constantFrom('http://localhost:8080', 'http://127.0.0.1', 'https://evil.example', 'null', '*'),
  accept: fc.constantFrom(
    'application/json',
    'text/html',
    '*/*',
    'text/event-stream',
    'text/csv',
    'image/webp',
    '',
  ),
  'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, deflate, br', 'identity;q=0', '*;q=0', 'zstd', 'x'),
  range: fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999999-', 'bytes=abc', 'bytes=5-1'),
  'if-none-match': fc.constantFrom('*', '"x"', 'W/"0"'),
};

/** Every kind of request the fuzzer makes of one operation. */
export function requestsFor(op: Operation, identities: string[], known: Known): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const path = fc
    .tuple(...pathParams.map((p) => segment(paramText(p, known))))
    .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] ?? ''), op.path));
  const query = queryString(
    op.parameters.filter((p) => p.in === 'query'),
    known,
  );
  const declaredHeaders = op.parameters
    .filter((p) => p.in === 'header')
    .map((p) => sometimes(paramText(p, known), 2).map((v) => [p.name, v] as const));
  const otherHeaders = Object.entries(headerChoices).map(([name, values]) =>
    sometimes(fc.oneof({ weight: 5, arbitrary: values }, { weight: 1, arbitrary: hostileText }), 5).map(
      (v) => [name, v] as const,
    ),
  );
  const jsonSchema = op.body?.get('application/json');
  const multipart = op.body?.has('multipart/form-data') === true;
  const body: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = multipart
    ? fc.oneof(
        { weight: 6, arbitrary: multipartBody() },
        {
          weight: 1,
          arbitrary: jsonBody({}, known).map((payload) => ({ payload, type: 'application/json' })),
        },
      )
    : jsonSchema
      ? jsonBody(jsonSchema, known).map((payload) => ({ payload, type: 'application/json' }))
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant({}) },
          {
            weight: 1,
            arbitrary: jsonBody({}, known).map((payload) => ({ payload, type: 'application/json' })),
          },
        );
  const contentType = sometimes(fc.oneof(fc.constantFrom(...CONTENT_TYPES), hostileText), 8);
  return fc
    .record({
      as: fc.constantFrom(...identities),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      path,
      query,
      headers: fc.tuple(...declaredHeaders, ...otherHeaders),
      body,
      contentType,
      cookies: sometimes(fc.constantFrom('tema=oscuro', 'a=%', '=x', ';;;', 'x'.repeat(4000)), 6),
    })
    .map((r) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of r.headers) if (value !== undefined) headers[name] = headerSafe(value);
      const type = r.contentType ?? r.body.type;
      if (type !== undefined && r.body.payload !== undefined) headers['content-type'] = headerSafe(type);
      if (r.cookies) headers.cookie = r.cookies;
      return {
        operation: op.id,
        as: r.as,
        method: r.method,
        url: r.path + r.query,
        headers,
        payload: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body.payload,
      };
    });
}
