import { type Static, Type } from 'typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, USERNAME_PATTERN } from './authRules';
import { IsoDateTime } from './common';

// --- Sign-in (/api/sesion) and users (/api/usuarios) ---

export const RoleSchema = Type.Enum(ROLES);

export const UserDto = Type.Object({
  id: Type.Integer(),
  usuario: Type.String(),
  nombre: Type.String(),
  rol: RoleSchema,
  creadoEn: IsoDateTime,
});
export type UserDto = Static<typeof UserDto>;

/**
 * GET /api/sesion. `acceso` 'local': the server only listens on this machine and needs no sign-in;
 * the local user acts as administrador. `permitidas`: the calls of the permission table this person may
 * make, as 'METHOD /api/route/:param' (the route patterns the server registers).
 */
export const SessionDto = Type.Object({
  usuario: UserDto,
  acceso: Type.Union([Type.Literal('local'), Type.Literal('sesion')]),
  permitidas: Type.Array(Type.String(), { description: "Llamadas permitidas: 'POST /api/pedidos'" }),
});
export type SessionDto = Static<typeof SessionDto>;

const usuario = Type.String({ pattern: USERNAME_PATTERN, description: '3 a 40 letras, dígitos, . _ -' });
const nombre = Type.String({ minLength: 1, maxLength: 100 });
const contrasena = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

export const LoginPayload = Type.Object(
  { usuario: Type.String({ maxLength: 100 }), contrasena: Type.String({ maxLength: PASSWORD_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type LoginPayload = Static<typeof LoginPayload>;

export const CreateUserPayload = Type.Object(
  { usuario, nombre, rol: RoleSchema, contrasena },
  { additionalProperties: false },
);
export type CreateUserPayload = Static<typeof CreateUserPayload>;

export const UpdateUserPayload = Type.Object(
  { rol: Type.Optional(RoleSchema), nombre: Type.Optional(nombre), contrasena: Type.Optional(contrasena) },
  { additionalProperties: false },
);
export type UpdateUserPayload = Static<typeof UpdateUserPayload>;

/** POST /api/sesion/alta: the first administrador, with the one-time code the server printed. */
export const FirstAdminPayload = Type.Object(
  { codigo: Type.String({ maxLength: 100 }), usuario, nombre, contrasena },
  { additionalProperties: false },
);
export type FirstAdminPayload = Static<typeof FirstAdminPayload>;

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
