ALTER TYPE "fulfilment_status" ADD VALUE IF NOT EXISTS 'ready' BEFORE 'shipped';--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "estimated_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "actual_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_grams_positive" CHECK ("order_lines"."estimated_grams" > 0 AND "order_lines"."actual_grams" > 0);
