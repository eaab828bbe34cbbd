-- Sign-in: people with a role, their sessions, and the one-time links that create the first
-- administrador. Sessions live here (not in a process) so every API instance on one database
-- recognises the same cookie. Only hashes of secrets are stored: a copy of the database does not
-- let anyone sign in.
CREATE TABLE users (
  id serial PRIMARY KEY,
  usuario text NOT NULL,
  nombre text NOT NULL,
  rol text NOT NULL CHECK (rol IN ('observador', 'operador', 'administrador')),
  -- scrypt$N$r$p$salt$hash (base64url), so the cost can grow without breaking stored hashes.
  password_hash text NOT NULL,
  creado_en timestamptz NOT NULL DEFAULT now()
);
-- Names are compared as people type them: 'Ana' and 'ana' are one user.
CREATE UNIQUE INDEX users_usuario_idx ON users (lower(usuario));

CREATE TABLE sessions (
  -- sha256 of the cookie's random token, hex.
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  creado_en timestamptz NOT NULL DEFAULT now(),
  expira_en timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE setup_tokens (
  token_hash text PRIMARY KEY,
  expira_en timestamptz NOT NULL
);
