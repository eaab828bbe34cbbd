-- Uploads stream through the database in slices instead of living whole in memory: an order file's
-- lines go to order_staging as they are parsed and its bytes to file_parts (gzip members of about
-- 1 MB), both under an upload id; the final transaction links the parts to the files row and moves the
-- orders. Rows of an upload that failed or was cut by a crash are deleted (also at start-up).
CREATE SEQUENCE IF NOT EXISTS upload_ids;

-- Uploads under way: when each began, so that a server starting up removes only the leftovers of uploads
-- that cannot still be running on another server sharing the database.
CREATE TABLE IF NOT EXISTS uploads (
  id bigint PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS file_parts (
  upload_id bigint NOT NULL,
  part integer NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (upload_id, part)
);

-- Set when the file's bytes are in file_parts (files.content is then empty).
ALTER TABLE files ADD COLUMN IF NOT EXISTS upload_id bigint;

CREATE TABLE IF NOT EXISTS order_staging (
  upload_id bigint NOT NULL,
  batch integer NOT NULL,
  line integer NOT NULL,
  destination text NOT NULL,
  seq integer NOT NULL,
  local_year integer NOT NULL,
  local_month integer NOT NULL,
  local_day integer NOT NULL,
  local_hour integer NOT NULL,
  local_minute integer NOT NULL,
  release_min integer NOT NULL,
  quantity integer NOT NULL,
  client_id text NOT NULL,
  PRIMARY KEY (upload_id, destination, seq)
);
CREATE INDEX IF NOT EXISTS order_staging_batch_idx ON order_staging (upload_id, batch);
