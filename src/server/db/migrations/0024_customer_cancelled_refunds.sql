ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason" CHECK ("refunds"."reason" IN ('cannot_fulfil', 'duplicate', 'abandoned', 'vendor_cancelled', 'customer_cancelled'));
