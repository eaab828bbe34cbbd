/**
 * The wire contract: every shape that crosses HTTP/SSE between the browser app and the server, as
 * JSON schemas (route validation, serialisation and OpenAPI) with their TypeScript types derived from
 * them. Field names follow the spec (Spanish, as sent on the wire).
 */
export * from './airports';
export * from './auth';
export * from './authRules';
export * from './common';
export * from './enums';
export * from './errors';
export * from './exceptionRules';
export * from './exceptions';
export * from './files';
export * from './flights';
export * from './health';
export * from './history';
export * from './live';
export * from './operations';
export * from './orderRules';
export * from './orders';
export * from './runs';
export * from './simulations';
