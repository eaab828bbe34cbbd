-- Simulation runs. One current run per mode (`actual`); stopped or replaced runs stay
-- for GET /api/simulaciones/{id}. The plan itself is not stored: it is recomputed deterministically
-- from the stored orders (plus the seed for colapso) and the run's events on restart.
CREATE TABLE runs (
  id text PRIMARY KEY,
  modo text NOT NULL CHECK (modo IN ('operacion', 'semanal', 'colapso')),
  estado text NOT NULL CHECK (estado IN ('en_curso', 'terminada', 'colapsada', 'detenida')),
  actual boolean NOT NULL DEFAULT true,
  inicio_min integer NOT NULL,
  fin_min integer,
  -- Simulated seconds per real second; NULL = as fast as possible ('max').
  velocidad double precision,
  -- Simulated now, epoch milliseconds.
  ahora_ms double precision NOT NULL,
  semilla integer NOT NULL,
  kpis jsonb,
  reporte jsonb,
  creado_en timestamptz NOT NULL DEFAULT now(),
  actualizado_en timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX runs_actual_modo_idx ON runs (modo) WHERE actual;

-- What a replay cannot recompute from the stored orders: orders planned live (operacion) and
-- flight cancellations, in the order they happened.
CREATE TABLE run_events (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  at_min integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pedido', 'cancelacion')),
  payload jsonb NOT NULL,
  PRIMARY KEY (run_id, seq)
);
