import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { CreateUserPayload, UpdateUserPayload, UserDto } from '../../contract/auth';
import type { Role } from '../../contract/authRules';
import type { Database } from '../db/client';
import type { RawSession } from '../db/raw';
import { ApiError } from '../domain/errors';

/**
 * Users, their passwords and sessions. Passwords are hashed with scrypt from node:crypto (memory-hard,
 * maintained with Node itself, no native add-on to build); only hashes of session tokens and one-time
 * codes are stored.
 */

// 32 MiB and about 0.1 s per hash on this machine's cores, p = 3: one of OWASP's scrypt settings.
// Stored with each hash, so raising them later keeps old passwords valid.
const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32 } as const;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const maxmem = (N: number, r: number, p: number) => 128 * N * r * p + 16 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT;
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, keyLength, { N, r, p, maxmem: maxmem(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: maxmem(N, R, P),
  });
  return timingSafeEqual(key, expected);
}

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

/** The user whose name and password match, else null (same time either way). */
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
    await verifyPassword(contrasena, await decoyHash);
    return null;
  }
  return (await verifyPassword(contrasena, row.password_hash ?? '')) ? toDto(row) : null;
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

export async function sessionUser(db: Database, token: string): Promise<UserDto | null> {
  const [row] = await db.raw.query<UserRow>(
    `SELECT u.id, u.usuario, u.nombre, u.rol, u.creado_en FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expira_en > now()`,
    [hashSecret(token)],
  );
  return row ? toDto(row) : null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.raw.query('DELETE FROM sessions WHERE token_hash = $1', [hashSecret(token)]);
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
