-- On PGlite (one connection) an order file's orders no longer move into the table in one transaction
-- that held the only connection for as long as the move took (20 s for a million lines, every request
-- waiting): each batch commits on its own, and the orders stay hidden until the file row is written.
-- While its orders move, an upload names the id its files row will take (uploads.file_id); orders
-- carrying that file id are not visible. The short transaction that inserts the files row clears the
-- upload's file_id, so the whole file appears at once; a crash leaves them hidden until the start-up
-- clean-up deletes them (server/services/file-parts.ts).
ALTER TABLE uploads ADD COLUMN file_id integer;

-- The stored rows, visible ones and those of a file still moving in. Every reader and writer goes
-- through the view `orders` below; only the upload's clean-up and maintenance (ANALYZE) name this table.
-- A column added to the table must be added to the view as well (CREATE OR REPLACE VIEW).
ALTER TABLE orders RENAME TO order_rows;

-- Simple enough for PostgreSQL to update through it (INSERT … ON CONFLICT, UPDATE, DELETE); the
-- triggers and indexes stay on the table. uploads holds a row per upload under way: a few at most.
CREATE VIEW orders AS
  SELECT * FROM order_rows o
  WHERE o.file_id IS NULL OR NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file_id = o.file_id);

-- The order search's in-memory keys (0012) change when file orders become visible: a batch of a file
-- still moving in leaves the version alone (every batch would otherwise make each instance reload a
-- million keys), and the transaction that shows the file moves it once.
CREATE OR REPLACE FUNCTION order_key_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Nested: the transition table exists for the INSERT trigger only.
    IF NOT EXISTS (
      SELECT 1 FROM added_orders a
      WHERE a.seq < 900000000
        AND (a.file_id IS NULL OR NOT EXISTS (SELECT 1 FROM uploads u WHERE u.file_id = a.file_id))
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE order_key_version SET version = version + 1;
  RETURN NULL;
END
$$;
