-- Near-expiry markdowns (decision 021): a product's own rule, a shop-wide rule, the expiry-ordered index the
-- "Last chance" shelf walks, and what each order line's price was before the deal or markdown it was sold at.
ALTER TABLE "products" ADD COLUMN "markdown_percent" smallint;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "markdown_days" smallint;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_markdown_rule" CHECK (("markdown_percent" IS NULL) = ("markdown_days" IS NULL) AND ("markdown_percent" IS NULL OR ("markdown_percent" BETWEEN 5 AND 90 AND "markdown_days" BETWEEN 1 AND 14)));
--> statement-breakpoint
CREATE TABLE "shop_markdowns" (
	"vendor_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"percent" smallint NOT NULL,
	"days" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_markdowns_rule" CHECK ("percent" BETWEEN 5 AND 90 AND "days" BETWEEN 1 AND 14)
);
--> statement-breakpoint
CREATE INDEX "products_expiry_idx" ON "products" USING btree ("expires_on","id") WHERE "listed";
--> statement-breakpoint
CREATE TYPE "public"."price_saving" AS ENUM('deal', 'markdown');
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "list_price_cents" integer;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "saving" "price_saving";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "saving_percent" smallint;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_saving" CHECK (("saving" IS NULL) = ("saving_percent" IS NULL) AND ("saving" IS NULL) = ("list_price_cents" IS NULL));
