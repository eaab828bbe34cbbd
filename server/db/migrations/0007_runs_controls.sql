-- Runs an operator drives: paused and failed states, the growth law a collapse search assumes, the
-- request's idempotency key, when it ended, the wall time it ran, its summary and last progress, and why
-- it failed. A new run never erases an old one: every run stays for the history.
ALTER TABLE runs DROP CONSTRAINT IF EXISTS runs_estado_check;
ALTER TABLE runs ADD CONSTRAINT runs_estado_check
  CHECK (estado IN ('en_curso', 'pausada', 'terminada', 'colapsada', 'detenida', 'fallida'));
ALTER TABLE runs ADD COLUMN crecimiento jsonb;
ALTER TABLE runs ADD COLUMN clave text;
ALTER TABLE runs ADD COLUMN terminada_en timestamptz;
ALTER TABLE runs ADD COLUMN segundos_reales double precision NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN resumen jsonb;
ALTER TABLE runs ADD COLUMN progreso jsonb;
ALTER TABLE runs ADD COLUMN mensaje text;
CREATE INDEX runs_clave_idx ON runs (clave) WHERE clave IS NOT NULL;
CREATE INDEX runs_modo_creado_idx ON runs (modo, creado_en DESC);
