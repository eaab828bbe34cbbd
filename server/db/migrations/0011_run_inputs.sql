-- A run replays exactly the data it ran on, whatever was uploaded after it started: it records the
-- airports and flights files it read (replaced files stay while a current run names them) and the last
-- order id it loaded. Order ids grow with every insert; orders are never rewritten by an order upload,
-- so `id <= pedidos_hasta` is the run's order set (plus the live orders it stored as events).
-- Orders stored before this migration keep a NULL id (every run has them): numbering them would rewrite
-- the whole table (24 s for a million orders on PGlite, at start-up).
CREATE SEQUENCE IF NOT EXISTS orders_id_seq;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS id bigint;
ALTER TABLE orders ALTER COLUMN id SET DEFAULT nextval('orders_id_seq');
-- A daily-operation run restored after a crash looks up the orders that arrived after it started.
CREATE INDEX IF NOT EXISTS orders_id_idx ON orders (id) WHERE id IS NOT NULL;

-- NULL for runs stored before this migration: they replay the data loaded now.
ALTER TABLE runs ADD COLUMN IF NOT EXISTS archivo_aeropuertos integer;
ALTER TABLE runs ADD COLUMN IF NOT EXISTS archivo_vuelos integer;
ALTER TABLE runs ADD COLUMN IF NOT EXISTS pedidos_hasta bigint;
