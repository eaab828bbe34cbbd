import fc from 'fast-check';
import type { Schema } from './openapi';

/**
 * Values for a JSON schema: ones it allows (so a request reaches the code behind its validation) and
 * hostile ones (wrong types, huge and strange strings, numbers at the limits, deep nesting, keys that
 * poison prototypes). `known` holds values the server has answered with (ids, codes), so that a path
 * or a field sometimes names something that exists.
 */

export interface Known {
  values: (string | number)[];
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

const STRANGE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%',
  '%00',
  '%E0%A4%A',
  '../../../etc/passwd',
  '..%2F..%2F',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  '$(reboot)',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '😀💥',
  'e\u0301',
  '\ud800',
  '\uffff',
  'ＳＰＩＭ',
  'İı',
  '\r\n\t',
  '2025-02-30T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '-000001-01-01T00:00:00Z',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STRANGE_TEXT) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

const LIMIT_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
];

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...LIMIT_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Lists nested `depth` deep around a value (below the body limit, above the depth limit sometimes). */
const nested = (depth: number, inner: unknown): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Objects whose keys would poison a prototype if copied naively. */
const poisoned = fc.constantFrom(
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"__proto__":null,"a":1}',
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map((d) => nested(d, 1)) },
  { weight: 1, arbitrary: poisoned.map((text) => JSON.parse(text) as unknown) },
);

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringFor(schema: Schema, known: Known): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = Math.max(minLength, Math.min(num(schema.maxLength) ?? 24, 64));
  const fits = (s: string) => s.length >= minLength && s.length <= (num(schema.maxLength) ?? Infinity);
  const options: fc.Arbitrary<string>[] = [];
  if (typeof schema.pattern === 'string') {
    try {
      // Cut, not filtered: a filter that seldom passes would spin the generator for ever.
      options.push(fc.stringMatching(new RegExp(schema.pattern)).map((t) => t.slice(0, maxLength)));
    } catch {
      // A pattern JavaScript cannot read: plain text below.
    }
  }
  if (schema.format === 'date-time') options.push(isoDate);
  else if (schema.format === 'date') options.push(isoDate.map((s) => s.slice(0, 10)));
  else if (options.length === 0) options.push(fc.string({ minLength, maxLength }));
  const seen = known.values.filter((v): v is string => typeof v === 'string' && fits(v));
  if (seen.length > 0) options.push(fc.constantFrom(...seen.slice(-50)));
  // Timestamps in plain text fields (inicio, fin) are common in this API.
  if (!schema.format && !schema.pattern && fits('2025-12-22T10:30:00.000Z')) options.push(isoDate);
  return fc.oneof(...options);
}

function numberFor(schema: Schema, integer: boolean, known: Known): fc.Arbitrary<number> {
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  const min = num(schema.minimum) ?? (exMin !== undefined ? exMin + (integer ? 1 : 1e-6) : -1_000_000);
  const max = num(schema.maximum) ?? (exMax !== undefined ? exMax - (integer ? 1 : 1e-6) : 1_000_000);
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const seen = known.values.filter(
    (v): v is number => typeof v === 'number' && v >= lo && v <= hi && (!integer || Number.isInteger(v)),
  );
  const inRange = integer
    ? fc.integer({ min: Math.ceil(Math.max(lo, -(2 ** 31))), max: Math.floor(Math.min(hi, 2 ** 31 - 1)) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const edges = integer ? [Math.ceil(lo), Math.floor(hi)] : [lo, hi];
  return fc.oneof(inRange, fc.constantFrom(...edges), ...(seen.length ? [fc.constantFrom(...seen)] : []));
}

/** A value the schema allows (as far as the fuzzer reads schemas: most of JSON Schema's common words). */
export function validValue(schema: Schema, known: Known, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  const enumValues = list(schema.enum);
  if (enumValues.length > 0) return fc.constantFrom(...enumValues);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = list(schema[key]).filter((s): s is Schema => typeof s === 'object' && s !== null);
    if (options.length > 0) return fc.oneof(...options.map((s) => validValue(s, known, depth + 1)));
  }
  const all = list(schema.allOf).filter((s): s is Schema => typeof s === 'object' && s !== null);
  if (all.length > 0) return validValue(Object.assign({}, ...all), known, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types[0];
  const nullable = schema.nullable === true || types.includes('null');
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(schema, known);
      case 'integer':
        return numberFor(schema, true, known);
      case 'number':
        return numberFor(schema, false, known);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = typeof schema.items === 'object' && schema.items ? (schema.items as Schema) : {};
        const minLength = num(schema.minItems) ?? 0;
        const maxLength = Math.max(minLength, Math.min(num(schema.maxItems) ?? 4, 6));
        return fc.array(validValue(items, known, depth + 1), { minLength, maxLength });
      }
      case 'object':
        return objectFor(schema, known, depth);
      default:
        return schema.properties ? objectFor(schema, known, depth) : fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function objectFor(schema: Schema, known: Known, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) model[k] = validValue(s, known, depth + 1);
  const requiredKeys = list(schema.required).filter((k): k is string => typeof k === 'string' && k in props);
  return fc.record(model, { requiredKeys });
}

/**
 * One value for a field: mostly what the schema allows, else something hostile; objects get one
 * field broken, dropped or added at a time, so each refusal has one reason to name.
 */
export function fuzzValue(schema: Schema, known: Known): fc.Arbitrary<unknown> {
  const valid = validValue(schema, known);
  const props = schema.properties as Record<string, Schema> | undefined;
  if (!props || Object.keys(props).length === 0)
    return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileValue });
  const keys = Object.keys(props);
  const broken = fc
    .tuple(valid, fc.constantFrom(...keys), fc.constantFrom('hostil', 'sin', 'interno'), hostileValue)
    .map(([v, key, how, bad]) => {
      const out = { ...(v as Record<string, unknown>) };
      if (how === 'sin') delete out[key];
      else if (how === 'hostil') out[key] = bad;
      else out[key] = props[key]?.properties ? { ...(out[key] as object), [String(bad)]: bad } : bad;
      return out;
    });
  const extra = fc
    .tuple(
      valid,
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor')),
      hostileValue,
    )
    .map(([v, key, bad]) => {
      const out = (typeof v === 'object' && v !== null ? { ...v } : {}) as Record<string, unknown>;
      // defineProperty: assigning __proto__ would set the prototype instead of adding a key.
      Object.defineProperty(out, key, { value: bad, enumerable: true, writable: true, configurable: true });
      return out;
    });
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: broken },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Text for a path parameter, query value or header: allowed, known, or hostile. */
export function fuzzText(schema: Schema, known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: validValue(schema, known).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    },
    { weight: 3, arbitrary: hostileText },
    { weight: 1, arbitrary: hostileNumber.map(String) },
  );
}
