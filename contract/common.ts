import { type TSchema, Type } from 'typebox';

/** A value that may also be null on the wire. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A date-time as the wire carries it: ISO 8601, UTC. */
export const IsoDateTime = Type.String({ description: 'ISO 8601 UTC' });

/** A resource id in a route path. */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A plain-text response (preview, order confirmation). */
export const TextBody = Type.String();

/** File bytes (downloads, and the multipart field in the OpenAPI description). */
export const BinaryBody = Type.String({ format: 'binary' });
