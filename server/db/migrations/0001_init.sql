-- Uploaded files, kept byte for byte so that download returns exactly what was sent.
-- Replacing kinds (vuelos, aereopuertos) keep only the current file; pedidos keeps every file
-- because each one added orders.
CREATE TABLE files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('vuelos', 'aereopuertos', 'pedidos')),
  filename text NOT NULL,
  size_bytes bigint NOT NULL,
  encoding text NOT NULL,
  line_count integer NOT NULL,
  record_count integer NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  content bytea NOT NULL
);
CREATE INDEX files_kind_id_idx ON files (kind, id DESC);

CREATE TABLE airports (
  code text PRIMARY KEY,
  number integer NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  short_name text NOT NULL,
  gmt integer NOT NULL,
  capacity integer NOT NULL CHECK (capacity >= 0),
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  continent text NOT NULL
);

-- Daily flights; the foreign keys are a safety net: services reject an airports file that drops
-- an airport still in use before the database would.
CREATE TABLE flights (
  id text PRIMARY KEY,
  origin text NOT NULL REFERENCES airports (code),
  destination text NOT NULL REFERENCES airports (code),
  dep_local integer NOT NULL CHECK (dep_local BETWEEN 0 AND 1439),
  arr_local integer NOT NULL CHECK (arr_local BETWEEN 0 AND 1439),
  capacity integer NOT NULL CHECK (capacity > 0)
);

-- An order is identified by destination + sequence (sequences repeat across per-destination files).
CREATE TABLE orders (
  destination text NOT NULL REFERENCES airports (code),
  seq integer NOT NULL CHECK (seq >= 0),
  local_year integer NOT NULL,
  local_month integer NOT NULL,
  local_day integer NOT NULL,
  local_hour integer NOT NULL,
  local_minute integer NOT NULL,
  release_min integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 1),
  client_id text NOT NULL,
  source text NOT NULL CHECK (source IN ('archivo', 'formulario')),
  file_id integer REFERENCES files (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (destination, seq)
);
CREATE INDEX orders_release_min_idx ON orders (release_min);

-- Last sequence handed out by the order form, per destination. The upsert that bumps it takes a
-- row lock, so concurrent form submissions for one destination get distinct numbers.
CREATE TABLE order_seq_counters (
  destination text PRIMARY KEY,
  last_seq integer NOT NULL
);
