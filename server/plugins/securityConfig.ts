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
  /** A session unused this long ends (beside `sessionHours`, which ends it however busy it is). */
  idleMinutes: number;
  /**
   * Names a request's Host may carry besides the loopback ones (DNS rebinding: a page on another site
   * whose name now points here); null: any name (a wildcard HOST without HOSTS_PERMITIDOS).
   */
  allowedHosts: string[] | null;
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

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const IPV6 = /^\[?[0-9a-f:.]+\]?$/;
const WILDCARD_HOSTS = ['0.0.0.0', '::', '[::]'];

/**
 * HOSTS_PERMITIDOS: names (no port) a request's Host may carry besides localhost and 127.0.0.1.
 * Unset: only those on a loopback HOST, HOST itself when it is one address, any name on 0.0.0.0.
 */
function readAllowedHosts(env: Env, host: string, fail: Fail): string[] | null {
  const raw = env.HOSTS_PERMITIDOS?.trim() ?? '';
  if (raw === '*') return null;
  if (raw === '') {
    if (isLoopbackHost(host)) return [];
    return WILDCARD_HOSTS.includes(host.trim()) ? null : [hostName(host)];
  }
  const names = raw
    .split(',')
    .map((s) => hostName(s))
    .filter((s) => s !== '');
  for (const name of names)
    if (!HOST_NAME.test(name) && !IPV6.test(name))
      throw fail(
        `HOSTS_PERMITIDOS contiene un nombre no válido: "${name}" (forma: morapack.ejemplo.com,192.168.1.20, sin puerto ni http://)`,
      );
  return names;
}

/** A Host value's name alone, lower case, without port, brackets or final dot. */
export function hostName(value: string): string {
  const v = value.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(v);
  if (bracketed) return bracketed[1];
  // Two colons or more: an IPv6 address without brackets (no port possible).
  const name = (v.split(':').length > 2 ? v : v.replace(/:\d*$/, '')).replace(/\.$/, '');
  return name;
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
    idleMinutes: positiveInt(env, 'SESION_INACTIVA_MINUTOS', 60, fail),
    allowedHosts: readAllowedHosts(env, host, fail),
    trustProxy: ['true', '1', 'si', 'sí'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? ''),
    cookieSecure: readCookieSecure(env, fail),
  };
}
