import fp from 'fastify-plugin';
import { ApiError } from '../domain/errors';

/**
 * Levels of nested lists and objects a JSON body may have. The API's bodies are flat objects of a
 * few levels; a body nested thousands deep would only exhaust the stack of whatever walks it.
 */
export const JSON_MAX_DEPTH = 32;

/** Bytes a body read whole (JSON, text) may have; files stream through multipart with their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const tooDeep = (limit: number): ApiError =>
  new ApiError(
    400,
    'JSON_DEMASIADO_PROFUNDO',
    `El cuerpo de la petición anida listas u objetos a más de ${limit} niveles; el límite es ${limit}`,
  );

/** Whether JSON text opens more than `limit` lists or objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies are read as text, measured for depth without recursion, and only then parsed by
 * Fastify's own parser (which keeps its guard against __proto__ and constructor keys). The size limit
 * is Fastify's bodyLimit (a 413 naming it; see errors.ts).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser(
      app.initialConfig.onProtoPoisoning ?? 'error',
      app.initialConfig.onConstructorPoisoning ?? 'error',
    );
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (nestsDeeperThan(text, JSON_MAX_DEPTH)) done(tooDeep(JSON_MAX_DEPTH), undefined);
      else parse(request, text, done);
    });
  },
  { name: 'json-body', fastify: '5.x' },
);
