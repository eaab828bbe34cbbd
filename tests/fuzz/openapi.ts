/**
 * The part of an OpenAPI document the fuzzer reads: every operation with its parameters, its body's
 * media types and schemas (local $refs resolved), and whether it answers with a stream. Works on the
 * document as served at /api/docs/json (3.0 or 3.1), whatever routes it lists.
 */

export type Schema = { [key: string]: unknown };

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** "POST /api/pedidos": how the fuzzer names it in counts and failures. */
  id: string;
  method: string;
  /** Path template as documented: /api/simulaciones/{id}. */
  path: string;
  parameters: Parameter[];
  /** Media type → schema of the request body, when there is one. */
  body: Map<string, Schema> | null;
  bodyRequired: boolean;
  /** Some answer is a stream that does not end by itself (text/event-stream). */
  streams: boolean;
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/** Replaces every local $ref ("#/components/schemas/X") by its target, once per path (cycles stop as {}). */
export function resolveRefs(value: unknown, doc: Schema, seen: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, doc, seen));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.has(ref)) return {};
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      target = isObject(target) ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    }
    const { $ref: _, ...rest } = value;
    return resolveRefs({ ...(isObject(target) ? target : {}), ...rest }, doc, new Set([...seen, ref]));
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(value)) out[k] = resolveRefs(v, doc, seen);
  return out;
}

function parameterOf(raw: unknown): Parameter | null {
  if (!isObject(raw) || typeof raw.name !== 'string') return null;
  const where = raw.in;
  if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie') return null;
  return {
    name: raw.name,
    in: where,
    required: raw.required === true || where === 'path',
    schema: isObject(raw.schema) ? raw.schema : {},
  };
}

export function operationsOf(rawDoc: unknown): Operation[] {
  if (!isObject(rawDoc) || !isObject(rawDoc.paths)) throw new Error('not an OpenAPI document');
  const doc = rawDoc;
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Schema)) {
    const item = resolveRefs(rawItem, doc);
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const parameters = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]
        .map(parameterOf)
        .filter((p): p is Parameter => p !== null);
      let body: Map<string, Schema> | null = null;
      const requestBody = op.requestBody;
      if (isObject(requestBody) && isObject(requestBody.content)) {
        body = new Map();
        for (const [type, media] of Object.entries(requestBody.content)) {
          body.set(type, isObject(media) && isObject(media.schema) ? media.schema : {});
        }
      }
      const responses = isObject(op.responses) ? Object.values(op.responses) : [];
      const streams = responses.some(
        (r) => isObject(r) && isObject(r.content) && 'text/event-stream' in r.content,
      );
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        bodyRequired: isObject(requestBody) && requestBody.required === true,
        streams,
      });
    }
  }
  return operations;
}
