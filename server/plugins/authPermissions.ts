import { ROLES, type Role } from '../../contract/authRules';

/**
 * Who may make each call: the one table the auth hook applies to every request. A write call needs
 * its entry's minimum role; a read (GET, HEAD) needs any signed-in role unless it has an entry. A
 * write route with no entry is refused to everyone but the administrador (and a test names it), so a
 * new route is never open by accident.
 *
 * Keys are the method and the route pattern exactly as Fastify registers it (prefix included).
 */
export type Access = Role | 'publico';

export interface Permission {
  method: WriteMethod | 'GET';
  url: string;
  minimo: Access;
  /** What the call does, for the 403 message: "Tu rol … no permite {accion}". */
  accion: string;
}

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];

export const PERMISSIONS: readonly Permission[] = [
  // Sign-in itself, and the first administrador from the one-time code.
  { method: 'POST', url: '/api/sesion', minimo: 'publico', accion: 'iniciar sesión' },
  { method: 'DELETE', url: '/api/sesion', minimo: 'publico', accion: 'cerrar sesión' },
  { method: 'POST', url: '/api/sesion/alta', minimo: 'publico', accion: 'crear el primer administrador' },
  // Files that replace the network or load orders in bulk.
  { method: 'POST', url: '/api/aereopuertos/upload', minimo: 'administrador', accion: 'cargar aeropuertos' },
  { method: 'POST', url: '/api/vuelos/upload', minimo: 'administrador', accion: 'cargar vuelos' },
  { method: 'POST', url: '/api/pedidos/upload', minimo: 'administrador', accion: 'cargar pedidos' },
  // Users (the list too: it names everyone and their role).
  { method: 'GET', url: '/api/usuarios', minimo: 'administrador', accion: 'ver los usuarios' },
  { method: 'POST', url: '/api/usuarios', minimo: 'administrador', accion: 'crear usuarios' },
  { method: 'PATCH', url: '/api/usuarios/:id', minimo: 'administrador', accion: 'cambiar usuarios' },
  // Day-to-day operation.
  { method: 'POST', url: '/api/pedidos', minimo: 'operador', accion: 'registrar pedidos' },
  { method: 'POST', url: '/api/simulaciones', minimo: 'operador', accion: 'iniciar simulaciones' },
  { method: 'DELETE', url: '/api/simulaciones/:id', minimo: 'operador', accion: 'detener simulaciones' },
  { method: 'PATCH', url: '/api/simulaciones/:id', minimo: 'operador', accion: 'cambiar la velocidad' },
  { method: 'POST', url: '/api/simulaciones/:id/pausar', minimo: 'operador', accion: 'pausar simulaciones' },
  {
    method: 'POST',
    url: '/api/simulaciones/:id/reanudar',
    minimo: 'operador',
    accion: 'reanudar simulaciones',
  },
  { method: 'POST', url: '/api/vuelos/:id/cancelar', minimo: 'operador', accion: 'cancelar vuelos' },
  { method: 'POST', url: '/api/cancelaciones/upload', minimo: 'operador', accion: 'cargar cancelaciones' },
];

/** Calls anyone may make without signing in (besides the app's pages): health checks of a load balancer. */
export const PUBLIC_READS: readonly string[] = ['/api/health'];

const byKey = new Map(PERMISSIONS.map((p) => [`${p.method} ${p.url}`, p]));

export const isWriteMethod = (method: string): method is WriteMethod =>
  (WRITE_METHODS as readonly string[]).includes(method);

export const rankOf = (role: Role): number => ROLES.indexOf(role);

/** The entry of a call, or undefined (most reads, and write routes missing from the table). */
export const permissionOf = (method: string, url: string): Permission | undefined =>
  byKey.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);

/** The least role a call needs: 'publico' when nobody has to sign in. */
export function requiredAccess(method: string, url: string): Access {
  const entry = permissionOf(method, url);
  if (entry) return entry.minimo;
  if (!isWriteMethod(method)) {
    // OPTIONS: a browser's CORS preflight carries no cookie; the CORS plugin answers it.
    if (method === 'OPTIONS' || !url.startsWith('/api') || PUBLIC_READS.includes(url)) return 'publico';
    return 'observador';
  }
  return 'administrador';
}

export const allows = (role: Role, access: Access): boolean =>
  access === 'publico' || rankOf(role) >= rankOf(access);

/** The calls of the table a role may make, as 'METHOD /api/route' (sent to the browser to hide the rest). */
export const allowedCalls = (role: Role): string[] =>
  PERMISSIONS.filter((p) => allows(role, p.minimo)).map((p) => `${p.method} ${p.url}`);

/** The 403 message: what the role cannot do and which role it takes. */
export function forbiddenMessage(role: Role, method: string, url: string): string {
  const entry = permissionOf(method, url);
  const needed = requiredAccess(method, url);
  const what = entry?.accion ?? `${method} ${url}`;
  return `Tu rol (${role}) no permite ${what}; hace falta el rol ${needed}`;
}
