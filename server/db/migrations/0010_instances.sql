-- Several server instances on one PostgreSQL (server/simulation/cluster): who is alive and where peers
-- reach it, which instance leads each mode's runs (it holds that mode's advisory lock), and each mode's
-- last live frame, which the other instances relay to their browsers. Unused with the embedded database.
CREATE TABLE instances (
  id text PRIMARY KEY,
  address text,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE run_leaders (
  modo text PRIMARY KEY,
  instance_id text NOT NULL,
  backend_pid integer NOT NULL,
  since timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE live_frames (
  modo text PRIMARY KEY,
  instance_id text NOT NULL,
  seq bigint NOT NULL,
  network_id text NOT NULL,
  network jsonb,
  state jsonb NOT NULL,
  airborne bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
