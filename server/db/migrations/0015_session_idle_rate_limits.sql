-- Sessions end after a time without use (beside their fixed end): when each one was last used.
ALTER TABLE sessions ADD COLUMN ultimo_uso timestamptz NOT NULL DEFAULT now();

-- Rate-limit counters shared by every instance on one PostgreSQL (the embedded database keeps them in
-- memory): one row per limit and caller (route + address or user), the count since its window began.
CREATE TABLE rate_limits (
  clave text PRIMARY KEY,
  inicio timestamptz NOT NULL,
  fin timestamptz NOT NULL,
  n integer NOT NULL
);
CREATE INDEX rate_limits_fin_idx ON rate_limits (fin);

-- Failed sign-ins per account name as typed (lower case, whether or not the user exists): after a few,
-- each further attempt waits longer (per-account throttle, beside the per-address rate limit).
CREATE TABLE sign_in_failures (
  usuario text PRIMARY KEY,
  fallos integer NOT NULL,
  ultimo_fallo timestamptz NOT NULL,
  bloqueado_hasta timestamptz
);
