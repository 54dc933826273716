-- Shops paid through the ledger (decision 023): each shop's payout account, the admin's holds, one transfer per shop
-- part delivered and the reversals of refunds after it; and the sandbox provider's own accounts, transfers, reversals.
CREATE TABLE "payout_accounts" (
	"shop_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "payout_accounts_status" CHECK ("payout_accounts"."status" IN ('pending', 'verified'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_key" ON "payout_accounts" USING btree ("provider", "provider_account_id");
--> statement-breakpoint
CREATE TABLE "payout_holds" (
	"shop_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"held_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"shop_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"payment_intent_id" uuid NOT NULL REFERENCES "payment_intents"("id") ON DELETE restrict,
	"goods_cents" integer NOT NULL,
	"delivery_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"provider_account_id" text,
	"provider_transfer_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "transfers_amounts" CHECK ("transfers"."goods_cents" >= 0 AND "transfers"."delivery_cents" >= 0 AND "transfers"."commission_cents" >= 0 AND "transfers"."amount_cents" >= 0 AND "transfers"."amount_cents" = "transfers"."goods_cents" + "transfers"."delivery_cents" - "transfers"."commission_cents"),
	CONSTRAINT "transfers_status" CHECK ("transfers"."status" IN ('waiting', 'pending', 'succeeded', 'failed')),
	CONSTRAINT "transfers_attempts_nonneg" CHECK ("transfers"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_order_shop_key" ON "transfers" USING btree ("order_id", "shop_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_idempotency_key" ON "transfers" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "transfers_shop_idx" ON "transfers" USING btree ("shop_id", "created_at");
--> statement-breakpoint
CREATE INDEX "transfers_due_idx" ON "transfers" USING btree ("next_attempt_at") WHERE "transfers"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE "transfer_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL REFERENCES "transfers"("id") ON DELETE restrict,
	"refund_id" uuid NOT NULL REFERENCES "refunds"("id") ON DELETE restrict,
	"amount_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reversal_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "transfer_reversals_amounts" CHECK ("transfer_reversals"."amount_cents" >= 0 AND "transfer_reversals"."commission_cents" >= 0),
	CONSTRAINT "transfer_reversals_status" CHECK ("transfer_reversals"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "transfer_reversals_attempts_nonneg" CHECK ("transfer_reversals"."attempts" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_reversals_refund_key" ON "transfer_reversals" USING btree ("refund_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_reversals_idempotency_key" ON "transfer_reversals" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "transfer_reversals_transfer_idx" ON "transfer_reversals" USING btree ("transfer_id");
--> statement-breakpoint
CREATE INDEX "transfer_reversals_due_idx" ON "transfer_reversals" USING btree ("next_attempt_at") WHERE "transfer_reversals"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_holder" text,
	"routing_number" text,
	"account_last4" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination" text NOT NULL REFERENCES "sandbox_connected_accounts"("id") ON DELETE restrict,
	"source_transaction" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"amount_reversed_cents" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_amounts" CHECK ("sandbox_transfers"."amount_cents" > 0 AND "sandbox_transfers"."amount_reversed_cents" BETWEEN 0 AND "sandbox_transfers"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_idempotency_key" ON "sandbox_transfers" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE TABLE "sandbox_transfer_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL REFERENCES "sandbox_transfers"("id") ON DELETE restrict,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfer_reversals_amount_positive" CHECK ("sandbox_transfer_reversals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfer_reversals_idempotency_key" ON "sandbox_transfer_reversals" USING btree ("idempotency_key");
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason" CHECK ("refunds"."reason" IN ('cannot_fulfil', 'duplicate', 'abandoned', 'vendor_cancelled', 'customer_cancelled', 'after_delivery'));
