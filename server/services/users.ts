import { createHash, randomBytes } from 'node:crypto';
import type { CreateUserPayload, UpdateUserPayload, UserDto } from '../../contract/auth';
import type { Role } from '../../contract/authRules';
import type { Database } from '../db/client';
import type { RawSession } from '../db/raw';
import { ApiError } from '../domain/errors';
import { hashPassword, verifyPassword } from './passwords';

/**
 * Users, their passwords (hashed in passwords.ts) and sessions. Only hashes of session tokens and
 * one-time codes are stored.
 */

export { hashPassword, verifyPassword } from './passwords';

/** A hash no password matches, checked when the user does not exist so both answers take as long. */
let decoyHash: Promise<string> | undefined;

export const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

interface UserRow {
  id: number;
  usuario: string;
  nombre: string;
  rol: Role;
  creado_en: Date | string;
  password_hash?: string;
}

const toDto = (row: UserRow): UserDto => ({
  id: row.id,
  usuario: row.usuario,
  nombre: row.nombre,
  rol: row.rol,
  creadoEn: new Date(row.creado_en).toISOString(),
});

const COLUMNS = 'id, usuario, nombre, rol, creado_en';

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return row.n;
}

export async function listUsers(db: Database): Promise<UserDto[]> {
  return (await db.raw.query<UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY lower(usuario)`)).map(toDto);
}

async function insertUser(tx: RawSession, payload: CreateUserPayload): Promise<UserDto> {
  const usuario = payload.usuario.trim();
  const taken = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(usuario) = lower($1)', [
    usuario,
  ]);
  if (taken.length > 0) throw new ApiError(409, 'USUARIO_EXISTE', `Ya existe un usuario llamado ${usuario}`);
  const hash = await hashPassword(payload.contrasena);
  const [row] = await tx.query<UserRow>(
    `INSERT INTO users (usuario, nombre, rol, password_hash) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [usuario, payload.nombre.trim(), payload.rol, hash],
  );
  return toDto(row);
}

// Serialises user changes that must see a consistent set of administradores (first one, last one).
const USERS_LOCK = 7_263_017;

export function createUser(db: Database, payload: CreateUserPayload): Promise<UserDto> {
  return db.raw.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [USERS_LOCK]);
    return insertUser(tx, payload);
  });
}

export function updateUser(db: Database, id: number, patch: UpdateUserPayload): Promise<UserDto> {
  return db.raw.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [USERS_LOCK]);
    const [current] = await tx.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    if (!current) throw new ApiError(404, 'USUARIO_NO_ENCONTRADO', `No existe el usuario ${id}`);
    if (patch.rol && patch.rol !== 'administrador' && current.rol === 'administrador') {
      const [admins] = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE rol = 'administrador'",
      );
      if (admins.n <= 1)
        throw new ApiError(
          409,
          'ULTIMO_ADMINISTRADOR',
          `${current.usuario} es el único administrador: nombra antes a otro administrador`,
        );
    }
    const hash = patch.contrasena ? await hashPassword(patch.contrasena) : null;
    const [row] = await tx.query<UserRow>(
      `UPDATE users SET rol = coalesce($2, rol), nombre = coalesce($3, nombre),
         password_hash = coalesce($4, password_hash) WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, patch.rol ?? null, patch.nombre?.trim() ?? null, hash],
    );
    // A new password signs the user out everywhere else.
    if (hash) await tx.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    return toDto(row);
  });
}

/**
 * The user whose name and password match, else null (same time either way). A sign-in: refused with a
 * 429 when the hashing threads are full (passwords.ts).
 */
export async function authenticate(
  db: Database,
  usuario: string,
  contrasena: string,
): Promise<UserDto | null> {
  const [row] = await db.raw.query<UserRow>(
    `SELECT ${COLUMNS}, password_hash FROM users WHERE lower(usuario) = lower($1)`,
    [usuario.trim()],
  );
  if (!row) {
    decoyHash ??= hashPassword(newSecret());
    await verifyPassword(contrasena, await decoyHash, true);
    return null;
  }
  return (await verifyPassword(contrasena, row.password_hash ?? '', true)) ? toDto(row) : null;
}

/** Opens a session; returns the token for the cookie (only its hash is stored). */
export async function createSession(db: Database, userId: number, hours: number): Promise<string> {
  const token = newSecret();
  await db.raw.query('DELETE FROM sessions WHERE expira_en < now()');
  await db.raw.query(
    `INSERT INTO sessions (token_hash, user_id, expira_en) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashSecret(token), userId, hours],
  );
  return token;
}

/**
 * When a session row still counts ($2: the idle limit in minutes): the one place the lookup and the
 * sweep of live streams read it from, so they agree.
 */
const SESSION_ALIVE = 's.expira_en > now() AND s.ultimo_uso > now() - make_interval(mins => $2)';
// A session's last use is written at most this often: a page makes several calls a second.
const TOUCH_SECONDS = 30;
/** Minutes without use after which a session ends, when the caller does not say (SESION_INACTIVA_MINUTOS). */
export const DEFAULT_IDLE_MINUTES = 60;

export async function sessionUser(
  db: Database,
  token: string,
  idleMinutes = DEFAULT_IDLE_MINUTES,
): Promise<UserDto | null> {
  const hash = hashSecret(token);
  const [row] = await db.raw.query<UserRow & { idle: boolean }>(
    `SELECT u.id, u.usuario, u.nombre, u.rol, u.creado_en,
            s.ultimo_uso < now() - make_interval(secs => ${TOUCH_SECONDS}) AS idle
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND ${SESSION_ALIVE}`,
    [hash, idleMinutes],
  );
  if (!row) return null;
  if (row.idle) await db.raw.query('UPDATE sessions SET ultimo_uso = now() WHERE token_hash = $1', [hash]);
  return toDto(row);
}

/** Of these session hashes, the ones still alive (the others were closed, expired or went idle). */
export async function aliveSessions(
  db: Database,
  hashes: string[],
  idleMinutes: number,
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.raw.query<{ token_hash: string }>(
    `SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ANY($1::text[]) AND ${SESSION_ALIVE}`,
    [hashes, idleMinutes],
  );
  return new Set(rows.map((r) => r.token_hash));
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.raw.query('DELETE FROM sessions WHERE token_hash = $1', [hashSecret(token)]);
}

/** Ends every session of a user (a disabled user, a new password); returns how many there were. */
export async function deleteUserSessions(db: Database, userId: number): Promise<number> {
  const rows = await db.raw.query<{ token_hash: string }>(
    'DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash',
    [userId],
  );
  return rows.length;
}

/**
 * Makes sure someone can administer a server that requires sign-in: the configured administrador
 * when the database has no users, else a one-time code (valid `minutes`) to create one from the
 * browser. Returns the code, or null when nothing is needed.
 */
export async function ensureFirstAdmin(
  db: Database,
  admin: { usuario: string; contrasena: string } | null,
  minutes: number,
): Promise<{ created: UserDto } | { code: string } | null> {
  return db.raw.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [USERS_LOCK]);
    const [users] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (users.n > 0) return null;
    if (admin) {
      const created = await insertUser(tx, { ...admin, nombre: admin.usuario, rol: 'administrador' });
      return { created };
    }
    const code = newSecret();
    await tx.query('DELETE FROM setup_tokens WHERE expira_en < now()');
    await tx.query(
      'INSERT INTO setup_tokens (token_hash, expira_en) VALUES ($1, now() + make_interval(mins => $2))',
      [hashSecret(code), minutes],
    );
    return { code };
  });
}

/** Creates the first administrador with a one-time code; the code and every other one stop working. */
export function createFirstAdmin(
  db: Database,
  code: string,
  payload: Omit<CreateUserPayload, 'rol'>,
): Promise<UserDto> {
  return db.raw.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [USERS_LOCK]);
    const valid = await tx.query<{ token_hash: string }>(
      'SELECT token_hash FROM setup_tokens WHERE token_hash = $1 AND expira_en > now()',
      [hashSecret(code)],
    );
    const [users] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (valid.length === 0 || users.n > 0)
      throw new ApiError(
        403,
        'CODIGO_NO_VALIDO',
        'El enlace de alta no es válido o ya se usó; pide uno nuevo reiniciando el servidor',
      );
    await tx.query('DELETE FROM setup_tokens');
    return insertUser(tx, { ...payload, rol: 'administrador' });
  });
}
