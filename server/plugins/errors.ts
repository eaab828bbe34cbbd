import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorDto, ErrorDetailDto } from '../../contract';
import { ApiError, bodyTooLarge, fileTooLarge } from '../domain/errors';
import { BODY_LIMIT_BYTES } from './jsonBody';
import { noteRefusal } from './refusalLog';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Spanish wording of the schema violations operators can cause. */
function describeValidation(error: AjvError, context: string | undefined): ErrorDetailDto {
  const field =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : error.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'valor';
  const p = error.params;
  const messages: Record<string, string> = {
    required: `Falta el campo ${field}`,
    type: `${field} debe ser de tipo ${translateType(String(p.type))}`,
    minimum: `${field} debe ser mayor o igual que ${p.limit}`,
    maximum: `${field} debe ser menor o igual que ${p.limit}`,
    exclusiveMinimum: `${field} debe ser mayor que ${p.limit}`,
    exclusiveMaximum: `${field} debe ser menor que ${p.limit}`,
    const: `${field} debe ser ${String(p.allowedValue)}`,
    format: `${field} no tiene el formato ${String(p.format)}`,
    anyOf: `${field} no es un valor válido`,
    minLength: `${field} es obligatorio`,
    maxLength: `${field} no puede tener más de ${p.limit} caracteres`,
    pattern: `${field} no tiene el formato esperado`,
    enum: `${field} debe ser uno de: ${Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : ''}`,
    additionalProperties: `Campo no permitido: ${String(p.additionalProperty)}`,
    multipleOf: `${field} debe ser un número entero`,
  };
  return { field, message: messages[error.keyword] ?? `${field}: ${error.message ?? 'valor no válido'}` };
}

function translateType(type: string): string {
  const names: Record<string, string> = {
    integer: 'número entero',
    number: 'número',
    string: 'texto',
    boolean: 'booleano',
    object: 'objeto',
    array: 'lista',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join(' o ');
}

const GENERIC: Record<number, [string, string]> = {
  400: ['SOLICITUD_NO_VALIDA', 'La solicitud no es válida'],
  404: ['NO_ENCONTRADO', 'Recurso no encontrado'],
  405: ['METODO_NO_PERMITIDO', 'Método no permitido'],
  406: ['NO_ACEPTABLE', 'Formato de respuesta no disponible'],
  408: ['TIEMPO_AGOTADO', 'La solicitud tardó demasiado'],
  409: ['CONFLICTO', 'La operación entra en conflicto con los datos actuales'],
  413: ['DEMASIADO_GRANDE', 'La solicitud es demasiado grande'],
  415: ['TIPO_NO_ADMITIDO', 'Tipo de contenido no admitido'],
  429: ['DEMASIADAS_SOLICITUDES', 'Demasiadas solicitudes; inténtalo de nuevo en unos segundos'],
  503: ['NO_DISPONIBLE', 'Servicio no disponible'],
};

/** Maps any thrown error to an ApiErrorDto with a Spanish message. */
export function toApiError(
  error: FastifyError | Error,
  uploadLimitBytes: number,
  bodyLimitBytes: number,
): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (Array.isArray(e.validation)) {
    // A value matching none of its alternatives brings one error per alternative, then a summary that
    // says nothing more: the summary is dropped when the alternatives' own errors are there.
    const errors = e.validation.filter(
      (v, _i, all) => v.keyword !== 'anyOf' || !all.some((o) => o !== v && o.instancePath === v.instancePath),
    );
    const details = errors.map((v) => describeValidation(v, e.validationContext));
    return new ApiError(
      400,
      'VALIDACION',
      `Datos no válidos: ${details.map((d) => d.message).join('; ')}`,
      details,
    );
  }
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
      return fileTooLarge(uploadLimitBytes);
    // A body read whole (JSON, text) past the body limit; files stream through multipart instead.
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(bodyLimitBytes);
    case 'FST_FILES_LIMIT':
      return new ApiError(400, 'DEMASIADOS_ARCHIVOS', 'Envía un solo archivo en el campo file');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(
        415,
        'TIPO_NO_ADMITIDO',
        'La petición debe ser multipart/form-data con un campo file',
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'TIPO_NO_ADMITIDO', 'Tipo de contenido no admitido');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'JSON_NO_VALIDO', 'El cuerpo de la petición no es un JSON válido');
  }
  if (databaseUnavailable(error)) {
    return new ApiError(
      503,
      'BD_NO_DISPONIBLE',
      'La base de datos no está disponible en este momento; inténtalo de nuevo en unos segundos',
    );
  }
  const status =
    typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) {
    const [code, message] = GENERIC[status] ?? ['ERROR_INTERNO', 'Error interno del servidor'];
    return new ApiError(status, code, message);
  }
  const [code, message] = GENERIC[status] ?? ['SOLICITUD_NO_VALIDA', 'La solicitud no es válida'];
  return new ApiError(status, code, message);
}

/**
 * The database is down or unreachable (as opposed to a query it refused): a lost or refused connection,
 * a server shutting down, a pool or embedded database already closed.
 */
export function databaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (/^(08|57P0)/.test(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code)) return true;
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|PGlite is closed|Cannot use a pool after calling end|connection timeout|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function errorBody(error: ApiError): ApiErrorDto {
  const body: ApiErrorDto = { message: error.message, code: error.code };
  if (error.details && error.details.length > 0) body.details = error.details;
  if (error.total !== undefined) body.total = error.total;
  return body;
}

/** Every error leaves the server as an ApiErrorDto; internal ones are logged, not leaked. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const apiError = toApiError(
        error,
        app.config.uploadLimitBytes,
        app.initialConfig.bodyLimit ?? BODY_LIMIT_BYTES,
      );
      const fields = { code: apiError.code, status: apiError.statusCode };
      // A 503 the server answers on purpose (closing, a run led elsewhere) is expected, not a fault.
      if (error instanceof ApiError && apiError.statusCode === 503)
        request.log.warn(fields, apiError.message);
      else if (apiError.statusCode >= 500) request.log.error({ err: error }, 'error interno');
      // A refusal is logged once the request completes, at most once a minute per kind (refusalLog.ts).
      else noteRefusal(request, apiError.code, apiError.message);
      reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(errorBody(apiError));
    });
  },
  { name: 'errors', fastify: '5.x', dependencies: ['config'] },
);
