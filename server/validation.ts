import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Request validation, one Ajv per strictness. A JSON body arrives typed, so it is checked as sent:
 * `"cantidad": true` or `"2"` is refused, not read as 1 or 2. Query strings and path parameters are
 * text by nature, so numbers in them are still read from their digits. Everywhere an unknown field is
 * refused (Fastify's default drops it silently), so a misspelt field gets an answer naming it.
 */
const shared: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  addUsedSchema: false,
};

function ajv(coerceTypes: Options['coerceTypes']): Ajv {
  const instance = new Ajv({ ...shared, coerceTypes });
  addFormats(instance);
  return instance;
}

const body = ajv(false);
const text = ajv('array');

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? body : text).compile(schema);

/** The first string field holding a NUL character, by its path ("clienteId", "buscar"), if any. */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'valor' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = fieldWithNul(v, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}
