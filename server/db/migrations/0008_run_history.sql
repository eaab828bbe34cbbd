-- A run's history, stored as it plays so a finished or reopened run has its charts and its exports
-- without replaying it. A replay writes the same rows again: inserts ignore what is already there.

-- One sample per simulated hour: the KPIs the charts draw and every warehouse's occupancy then.
CREATE TABLE run_samples (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  t_ms double precision NOT NULL,
  a_tiempo_pct double precision,
  en_transito integer NOT NULL,
  en_vuelo integer NOT NULL,
  -- {"SPIM": 120, ...}: products in each airport's warehouse at t_ms.
  almacenes jsonb NOT NULL,
  PRIMARY KEY (run_id, t_ms)
);

-- Each order's final plan: written when the planner archives it (its decisions all in the past) and,
-- for the rest, when the run ends. The exports stream from here in release order.
CREATE TABLE run_orders (
  run_id text NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  pedido text NOT NULL,
  destino text NOT NULL,
  registrado_min integer NOT NULL,
  cantidad integer NOT NULL,
  plazo_min integer NOT NULL,
  estado text NOT NULL CHECK (estado IN ('onTime', 'late', 'unrouted', 'fromStock')),
  -- When its last products are ready for pickup; NULL when some have no route.
  listo_min integer,
  ruta text NOT NULL,
  -- Its shipments as the plan's JSON lines.
  plan text NOT NULL,
  PRIMARY KEY (run_id, pedido)
);
CREATE INDEX run_orders_release_idx ON run_orders (run_id, registrado_min, pedido);
