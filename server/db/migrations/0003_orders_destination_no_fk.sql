-- Bulk loads of order files (1 M lines) spent a third of their time in the per-row foreign-key
-- trigger on orders.destination. Order files are validated against the airports under the network
-- lock, and an airports file that drops an airport still used by orders is rejected, so the key is
-- redundant there. Flights keep theirs (a few thousand rows).
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_destination_fkey;
