-- The slot a shopper chose for one shop's part of the cart (the window and the date its slot starts on) and the
-- note to the producer; kept with the cart until that shop's part is ordered.
CREATE TABLE "cart_shop_choices" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"shop_id" uuid NOT NULL REFERENCES "shops"("vendor_id") ON DELETE cascade,
	"window_id" uuid NOT NULL REFERENCES "fulfilment_windows"("id") ON DELETE cascade,
	"date" date NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_shop_choices_pkey" PRIMARY KEY ("user_id", "shop_id"),
	CONSTRAINT "cart_shop_choices_note_length" CHECK ("note" IS NULL OR char_length("note") BETWEEN 1 AND 500)
);
--> statement-breakpoint
-- Where the delivered parts of a shopper's cart go (one address for every shop that delivers).
CREATE TABLE "cart_delivery_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The delivery fees a checkout payment charges on top of the goods, and the code it was refused with.
ALTER TABLE "payment_intents" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "last_error_code" text;
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_delivery_nonneg" CHECK ("delivery_cents" >= 0);
--> statement-breakpoint
-- The delivery fees a payment included (its price is goods - coupon + delivery).
ALTER TABLE "customer_payments" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_delivery_nonneg" CHECK ("delivery_cents" >= 0);
--> statement-breakpoint
-- How one shop's part of an order is handed over, copied at purchase: the slot's times (and the shop's zone), the
-- pickup point or the delivery address, the fee and the shopper's note.
CREATE TABLE "order_fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE restrict,
	"shop_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"shop_name" text NOT NULL,
	"kind" "fulfilment_kind" NOT NULL,
	"window_id" uuid NOT NULL REFERENCES "fulfilment_windows"("id") ON DELETE restrict,
	"slot_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"pickup_point_name" text,
	"pickup_point_address" text,
	"delivery_address" text,
	"delivery_postcode" text,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fulfilments_fee_nonneg" CHECK ("fee_cents" >= 0),
	CONSTRAINT "order_fulfilments_place" CHECK (CASE WHEN "kind" = 'pickup' THEN "pickup_point_name" IS NOT NULL AND "pickup_point_address" IS NOT NULL ELSE "delivery_address" IS NOT NULL AND "delivery_postcode" IS NOT NULL END)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_fulfilments_order_shop_key" ON "order_fulfilments" USING btree ("order_id","shop_id");
--> statement-breakpoint
CREATE INDEX "order_fulfilments_slot_idx" ON "order_fulfilments" USING btree ("window_id","slot_date");
--> statement-breakpoint
CREATE INDEX "slot_bookings_order_idx" ON "slot_bookings" USING btree ("order_id");
