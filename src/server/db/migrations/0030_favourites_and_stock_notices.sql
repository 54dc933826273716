-- Favourites (issue 12, item 5): the products and shops a shopper saved; the days a favourite product's shopper was
-- last told it is back in stock or marked down (at most once a day each). New kinds of notification (decision 022).
CREATE TABLE "favourite_products" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"back_in_stock_told_on" date,
	"marked_down_told_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_products_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "favourite_products_product_idx" ON "favourite_products" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "favourite_products_user_idx" ON "favourite_products" USING btree ("user_id","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "favourite_shops" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"vendor_id" uuid NOT NULL REFERENCES "shops"("vendor_id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_shops_user_id_vendor_id_pk" PRIMARY KEY("user_id","vendor_id")
);
--> statement-breakpoint
CREATE INDEX "favourite_shops_user_idx" ON "favourite_shops" USING btree ("user_id","created_at" DESC);
--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'back_in_stock';
--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'marked_down';
--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'low_stock';
--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'shopper_cancelled';
--> statement-breakpoint
-- Delivered outbox rows are deleted after 30 days; the bell's notifications they became stay.
ALTER TABLE "notifications" ALTER COLUMN "outbox_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_outbox_id_fkey";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_outbox_id_fkey" FOREIGN KEY ("outbox_id") REFERENCES "notification_outbox"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "notification_outbox_sent_idx" ON "notification_outbox" USING btree ("sent_at") WHERE "state" = 'sent';
--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC);
