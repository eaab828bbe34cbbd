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
