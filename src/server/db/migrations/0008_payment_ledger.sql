-- The payment ledger: payment_intents says where each charge's money is, refunds are rows of their own,
-- and an order's status lives only on orders.
ALTER TABLE "payment_intents" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "status" TYPE text USING "status"::text;--> statement-breakpoint
DROP TYPE "public"."intent_status";--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "order_name" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Old 'succeeded' meant "made into an order or membership"; a paid intent without one stays 'succeeded'
-- (paid, to be settled). Old 'failed' was a declined card on an intent that may still be paid.
UPDATE "payment_intents" p SET "status" = 'settled', "settled_at" = p."created_at"
  WHERE p."status" = 'succeeded' AND (
    EXISTS (SELECT 1 FROM "customer_payments" c WHERE c."transaction_id" = p."provider_intent_id")
    OR EXISTS (SELECT 1 FROM "vendor_payments" v WHERE v."transaction_id" = p."provider_intent_id"));--> statement-breakpoint
UPDATE "payment_intents" SET "status" = 'requires_confirmation' WHERE "status" = 'failed';--> statement-breakpoint
UPDATE "payment_intents" p SET "status" = 'refunded'
  WHERE p."status" = 'cancelled' AND p."provider" = 'sandbox' AND EXISTS (
    SELECT 1 FROM "sandbox_payment_intents" s WHERE s."id" = p."provider_intent_id" AND s."refunded_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "status" SET DEFAULT 'requires_confirmation';--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_status" CHECK ("payment_intents"."status" IN ('requires_confirmation', 'succeeded', 'settled', 'refunding', 'refunded', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_attempts_nonneg" CHECK ("payment_intents"."attempts" >= 0);--> statement-breakpoint
CREATE INDEX "payment_intents_open_idx" ON "payment_intents" USING btree ("created_at") WHERE "payment_intents"."status" IN ('requires_confirmation', 'succeeded');--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_intent_id" uuid NOT NULL,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_reason" CHECK ("refunds"."reason" IN ('cannot_fulfil', 'duplicate', 'abandoned', 'vendor_cancelled')),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_attempts_nonneg" CHECK ("refunds"."attempts" >= 0)
);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_intent_idx" ON "refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
-- Refunds already given back by the sandbox before the ledger existed.
INSERT INTO "refunds" ("payment_intent_id", "amount_cents", "reason", "status", "provider_refund_id", "idempotency_key", "created_at", "succeeded_at")
  SELECT p."id", p."amount_cents", 'cannot_fulfil', 'succeeded', 're_sb_migrated_' || s."id", 'migrated:' || p."id", s."refunded_at", s."refunded_at"
  FROM "payment_intents" p JOIN "sandbox_payment_intents" s ON s."id" = p."provider_intent_id"
  WHERE p."provider" = 'sandbox' AND p."status" = 'refunded' AND p."amount_cents" > 0;--> statement-breakpoint
-- The sandbox processor keeps its refunds too (partial amounts, one per idempotency key).
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "amount_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "sandbox_payment_intents" SET "amount_refunded_cents" = "amount_cents" WHERE "refunded_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_refund_within_amount" CHECK ("sandbox_payment_intents"."amount_refunded_cents" BETWEEN 0 AND "sandbox_payment_intents"."amount_cents");--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_intent_id_sandbox_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."sandbox_payment_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_intent_idx" ON "sandbox_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
-- The order's status is stored once, on orders (payment history reads it through the order).
ALTER TABLE "customer_payments" DROP COLUMN "status";
