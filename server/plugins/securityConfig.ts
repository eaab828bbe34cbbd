import { PASSWORD_MIN_LENGTH } from '../../contract/authRules';

/**
 * Sign-in and hardening settings, read from the environment with the rest of the config.
 * Secure by default: a server that listens only on this machine needs no sign-in (the local user
 * acts as administrador); one reachable from other machines always requires it.
 */
export interface SecurityConfig {
  /** 'local': no sign-in, every caller is the local administrador. 'requerido': sessions and roles. */
  auth: 'local' | 'requerido';
  /** First administrador, created at start when the database has no users (ADMIN_USUARIO / ADMIN_CONTRASENA). */
  admin: { usuario: string; contrasena: string } | null;
  /** Browser origins allowed to call the API from another site; empty: none (CORS closed). */
  corsOrigins: string[];
  /** Write calls a client address may make per minute. */
  writeRateLimit: number;
  /** Sign-in attempts a client address may make per minute. */
  loginRateLimit: number;
  sessionHours: number;
  /** Behind a reverse proxy: take the client address and https from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Session cookie's Secure flag: 'auto' sets it when the request came over https. */
  cookieSecure: 'auto' | boolean;
}

type Env = Record<string, string | undefined>;
type Fail = (message: string) => Error;

/** 127.0.0.0/8, ::1 and 'localhost': addresses other machines cannot reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function positiveInt(env: Env, name: string, fallback: number, fail: Fail): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw fail(`${name} debe ser un entero mayor que 0 (valor: "${raw}")`);
  return Number(raw);
}

function readAuth(env: Env, host: string, fail: Fail): SecurityConfig['auth'] {
  const raw = env.AUTH?.trim().toLowerCase() ?? '';
  const reachable = !isLoopbackHost(host);
  if (raw === '') return reachable ? 'requerido' : 'local';
  if (['requerido', 'required', 'on'].includes(raw)) return 'requerido';
  if (['local', 'off'].includes(raw)) {
    if (reachable)
      throw fail(
        `AUTH=${raw} solo se admite si el servidor escucha en esta máquina (HOST=127.0.0.1); con HOST=${host} el inicio de sesión es obligatorio`,
      );
    return 'local';
  }
  throw fail(`AUTH debe ser requerido o local (valor: "${env.AUTH}")`);
}

function readAdmin(env: Env, fail: Fail): SecurityConfig['admin'] {
  const usuario = env.ADMIN_USUARIO?.trim() ?? '';
  const contrasena = env.ADMIN_CONTRASENA ?? '';
  if (usuario === '' && contrasena === '') return null;
  if (usuario === '' || contrasena === '')
    throw fail('ADMIN_USUARIO y ADMIN_CONTRASENA van juntos: define los dos o ninguno');
  if (contrasena.length < PASSWORD_MIN_LENGTH)
    throw fail(`ADMIN_CONTRASENA debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`);
  return { usuario, contrasena };
}

function readCors(env: Env, fail: Fail): string[] {
  const origins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter((s) => s !== '');
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw fail(
        `CORS_ORIGINS contiene un origen no válido: "${origin}" (forma: https://equipo.ejemplo.com)`,
      );
  }
  return origins;
}

function readCookieSecure(env: Env, fail: Fail): SecurityConfig['cookieSecure'] {
  const raw = env.COOKIE_SECURE?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === 'auto') return 'auto';
  if (['true', '1', 'si', 'sí'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw fail(`COOKIE_SECURE debe ser auto, true o false (valor: "${env.COOKIE_SECURE}")`);
}

export function readSecurityConfig(env: Env, host: string, fail: Fail): SecurityConfig {
  return {
    auth: readAuth(env, host, fail),
    admin: readAdmin(env, fail),
    corsOrigins: readCors(env, fail),
    writeRateLimit: positiveInt(env, 'RATE_LIMIT_ESCRITURAS', 120, fail),
    loginRateLimit: positiveInt(env, 'RATE_LIMIT_INICIO_SESION', 10, fail),
    sessionHours: positiveInt(env, 'SESION_HORAS', 12, fail),
    trustProxy: ['true', '1', 'si', 'sí'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? ''),
    cookieSecure: readCookieSecure(env, fail),
  };
}
