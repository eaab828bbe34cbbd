/**
 * Sign-in values both sides use (roles, limits of names and passwords, the sign-in page), kept free of
 * the schema library so the browser imports them without bundling it. Which call each role may make
 * lives in one place on the server (server/plugins/authPermissions.ts); the browser learns it from the
 * session's `permitidas`.
 */

/** From least to most allowed: each role may do everything the ones before it may. */
export const ROLES = ['observador', 'operador', 'administrador'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  observador: 'Observador',
  operador: 'Operador',
  administrador: 'Administrador',
};

export const USERNAME_PATTERN = '^[A-Za-z0-9._-]{3,40}$';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** Where the browser's sign-in screen lives; the one-time link printed at start points here. */
export const SIGN_IN_PATH = '/entrar';
