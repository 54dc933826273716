-- migrate: no-transaction
-- A season paid up front or in installments (issue 37, decision 070): `subscription_payments` holds each payment of a
-- subscription's season, and a delivery's order is paid by a draw on one of them (`payment_intents.funded_by`).
-- Each statement runs on its own and is safe to run again (the migrator starts a no-transaction migration again from
-- its first statement when one fails).
CREATE TABLE IF NOT EXISTS "subscription_payments" (
	"subscription_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"covers_from" date NOT NULL,
	"covers_until" date NOT NULL,
	"deliveries" smallint NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"payment_intent_id" uuid,
	"paid_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "subscription_payments_subscription_id_number_pk" PRIMARY KEY("subscription_id","number"),
	CONSTRAINT "subscription_payments_number" CHECK ("subscription_payments"."number" BETWEEN 1 AND 12),
	CONSTRAINT "subscription_payments_amount" CHECK ("subscription_payments"."amount_cents" > 0 AND "subscription_payments"."deliveries" >= 1),
	CONSTRAINT "subscription_payments_covers" CHECK ("subscription_payments"."covers_until" >= "subscription_payments"."covers_from"),
	CONSTRAINT "subscription_payments_status" CHECK ("subscription_payments"."status" IN ('due', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "subscription_payments_attempts" CHECK ("subscription_payments"."attempts" >= 0),
	CONSTRAINT "subscription_payments_refunded" CHECK ("subscription_payments"."refunded_cents" BETWEEN 0 AND "subscription_payments"."amount_cents"),
	CONSTRAINT "subscription_payments_paid" CHECK (("subscription_payments"."status" = 'paid') = ("subscription_payments"."payment_intent_id" IS NOT NULL)),
	CONSTRAINT "subscription_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "subscription_payments_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE restrict ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscription_payments_open_idx" ON "subscription_payments" USING btree ("subscription_id") WHERE "subscription_payments"."closed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "subscription_deliveries" ADD COLUMN IF NOT EXISTS "share_cents" integer;
--> statement-breakpoint
-- lock: ADD COLUMN without a default changes only the catalog: payment_intents is held for milliseconds.
ALTER TABLE "payment_intents" ADD COLUMN IF NOT EXISTS "funded_by" uuid;
--> statement-breakpoint
-- lock: NOT VALID takes the constraint without reading the table (milliseconds); VALIDATE below reads it under a lock
-- that lets payments be written meanwhile (SHARE UPDATE EXCLUSIVE).
ALTER TABLE "payment_intents" DROP CONSTRAINT IF EXISTS "payment_intents_funded_by_payment_intents_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_funded_by_payment_intents_id_fk" FOREIGN KEY ("funded_by") REFERENCES "public"."payment_intents"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "payment_intents" VALIDATE CONSTRAINT "payment_intents_funded_by_payment_intents_id_fk";
--> statement-breakpoint
-- lock: a plain CREATE INDEX (CONCURRENTLY would wait for the other starting servers' sessions, which wait for this
-- one's migration lock: a deadlock, as 0056 says); it reads payment_intents once under a SHARE lock and writes an empty
-- index (no payment has funded_by yet), a fraction of 0056's 0.4 s per index at a million payments.
CREATE INDEX IF NOT EXISTS "payment_intents_funded_by_idx" ON "payment_intents" USING btree ("funded_by") WHERE "payment_intents"."funded_by" IS NOT NULL;
--> statement-breakpoint
-- lock: the wider check is taken NOT VALID (milliseconds) and validated below without blocking writes; the old one is
-- dropped only then, so a payment is checked by one of the two at every moment.
ALTER TABLE "payment_intents" DROP CONSTRAINT IF EXISTS "payment_intents_purpose_season";
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_purpose_season" CHECK ("payment_intents"."purpose" IN ('checkout', 'membership', 'season')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "payment_intents" VALIDATE CONSTRAINT "payment_intents_purpose_season";
--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT IF EXISTS "payment_intents_purpose";
--> statement-breakpoint
ALTER TABLE "payment_intents" RENAME CONSTRAINT "payment_intents_purpose_season" TO "payment_intents_purpose";
