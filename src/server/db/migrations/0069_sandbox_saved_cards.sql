-- The sandbox's saved cards (issue 37 slice 2): its SetupIntents and the payment method each saved, as Stripe keeps
-- them, so subscriptions charge a sandbox card off-session from any server. One new table; no other table is locked.
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"charges" text,
	"last_error" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_setup_intents_payment_method_key" ON "sandbox_setup_intents" USING btree ("payment_method_id");