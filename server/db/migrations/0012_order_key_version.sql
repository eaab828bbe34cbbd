-- The order search keeps the keys of file orders in memory (server/services/orderKeyIndex.ts), one copy
-- per server instance. This counter says when that copy is stale: it moves whenever a statement adds,
-- removes or renumbers file orders, whichever instance or tool wrote them. Form orders (numbers from
-- 900000000, FORM_SEQ_START in server/services/orders.ts) are searched in the table and leave it alone,
-- so registering an order does not make every instance reload a million keys.
CREATE TABLE order_key_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO order_key_version (id, version) VALUES (true, 1);

CREATE FUNCTION order_key_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Nested: the transition table exists for the INSERT trigger only.
    IF NOT EXISTS (SELECT 1 FROM added_orders WHERE seq < 900000000) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE order_key_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_key_version_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS added_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_key_version_bump();
CREATE TRIGGER orders_key_version_change AFTER DELETE OR UPDATE OF destination, seq OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_key_version_bump();
