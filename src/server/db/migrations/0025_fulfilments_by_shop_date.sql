CREATE INDEX IF NOT EXISTS "order_fulfilments_shop_date_idx" ON "order_fulfilments" USING btree ("shop_id","slot_date","starts_at");
