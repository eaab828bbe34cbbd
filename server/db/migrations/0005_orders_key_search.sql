-- The order pick list searches keys (DEST-000000123) for any text on each keystroke. A trigram index
-- on the key as the search writes it answers that on a million orders without reading them all.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS orders_key_trgm_idx
  ON orders USING gin ((destination || '-' || lpad(seq::text, 9, '0')) gin_trgm_ops);
