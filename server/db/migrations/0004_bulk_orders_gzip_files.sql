-- Bulk loads of order files (1 M lines, COPY): the foreign key orders.file_id ran one trigger per row
-- (more than a third of a load), and every replaced airports or flights file scanned all orders to
-- null it. Orders only ever point at pedidos files, which are never deleted, and the upload inserts
-- the file row in the same transaction as its orders, so the key guarded nothing.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_file_id_fkey;

-- Stored files may be gzip-compressed (level 1: a 42 MB order file becomes 12 MB, written in a
-- fraction of the time). Rows stored before keep their bytes as they are ('identity').
ALTER TABLE files
  ADD COLUMN content_encoding text NOT NULL DEFAULT 'identity'
  CHECK (content_encoding IN ('identity', 'gzip'));
