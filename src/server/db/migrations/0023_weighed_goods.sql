ALTER TABLE "products" ADD COLUMN "sold_by_weight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "grams_per_piece" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight" CHECK (CASE WHEN "products"."sold_by_weight" THEN "products"."grams_per_piece" BETWEEN 1 AND 100000 ELSE "products"."grams_per_piece" IS NULL END);--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_capture_method" CHECK ("payment_intents"."capture_method" IN ('automatic', 'manual'));--> statement-breakpoint
CREATE TABLE "captures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_intent_id" uuid NOT NULL,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"not_charged_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "captures_amount_nonneg" CHECK ("captures"."amount_cents" >= 0 AND "captures"."not_charged_cents" >= 0),
	CONSTRAINT "captures_status" CHECK ("captures"."status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "captures_attempts_nonneg" CHECK ("captures"."attempts" >= 0)
);--> statement-breakpoint
ALTER TABLE "captures" ADD CONSTRAINT "captures_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captures" ADD CONSTRAINT "captures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captures_payment_intent_key" ON "captures" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "captures_idempotency_key" ON "captures" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "captures_order_idx" ON "captures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "captures_due_idx" ON "captures" USING btree ("next_attempt_at") WHERE "captures"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "amount_captured_cents" integer;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "capture_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_captured_within_amount" CHECK ("sandbox_payment_intents"."amount_captured_cents" BETWEEN 0 AND "sandbox_payment_intents"."amount_cents");
