-- The shops waiting for the admin's approval or refused (decision 063): every public read asks whether a product's
-- shop is listed (`vendor_id NOT IN (those shops)`), which read every row of shops per statement; a partial index of
-- the few unlisted shops answers it at once (issue 32 item 5: the product page's statement 0.128 → 0.108 ms at
-- 100,000 products). shops is a small table written rarely; the brief SHARE lock of a plain CREATE INDEX is fine.
CREATE INDEX "shops_unlisted_idx" ON "shops" USING btree ("vendor_id") WHERE "shops"."approval" <> 'approved';
