-- A short number a shopper can say at the market table (FS-10001, issue 36), and an invoice number of its own
-- (INV-10001) instead of the payment id: two sequences from 10001, existing rows numbered in the order they were made.
-- Numbering rewrites both tables under an exclusive lock held to the end of the migration (about 40 s for 1,000,000
-- orders; well under a second for a season's tens of thousands). Behind a long read (a report, an export) the lock
-- would wait while every shopper's read queued behind it: after 5 s this start fails instead, and the next start tries
-- again when the read is done.
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "orders_order_number_seq" AS bigint START WITH 10001;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "order_number" bigint;
--> statement-breakpoint
UPDATE "orders" SET "order_number" = numbered."n"
FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS numbered
WHERE "orders"."id" = numbered."id" AND "orders"."order_number" IS NULL;
--> statement-breakpoint
SELECT setval('orders_order_number_seq', coalesce((SELECT max("order_number") FROM "orders"), 10000));
--> statement-breakpoint
ALTER SEQUENCE "orders_order_number_seq" OWNED BY "orders"."order_number";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT nextval('orders_order_number_seq');
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "orders_order_number_key" ON "orders" ("order_number");
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "customer_payments_invoice_number_seq" AS bigint START WITH 10001;
--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN IF NOT EXISTS "invoice_number" bigint;
--> statement-breakpoint
UPDATE "customer_payments" SET "invoice_number" = numbered."n"
FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "customer_payments") AS numbered
WHERE "customer_payments"."id" = numbered."id" AND "customer_payments"."invoice_number" IS NULL;
--> statement-breakpoint
SELECT setval('customer_payments_invoice_number_seq', coalesce((SELECT max("invoice_number") FROM "customer_payments"), 10000));
--> statement-breakpoint
ALTER SEQUENCE "customer_payments_invoice_number_seq" OWNED BY "customer_payments"."invoice_number";
--> statement-breakpoint
ALTER TABLE "customer_payments" ALTER COLUMN "invoice_number" SET DEFAULT nextval('customer_payments_invoice_number_seq');
--> statement-breakpoint
ALTER TABLE "customer_payments" ALTER COLUMN "invoice_number" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "customer_payments_invoice_number_key" ON "customer_payments" ("invoice_number");
