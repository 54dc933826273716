-- The sandbox keeps what the store sends with a payment, a refund and a transfer (Stripe's metadata), so it can list
-- them back after a database restore the way Stripe does (npm run reconcile, decision 036).
ALTER TABLE "sandbox_payment_intents" ADD COLUMN IF NOT EXISTS "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN IF NOT EXISTS "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD COLUMN IF NOT EXISTS "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;
