-- A shop's place on the map (a delivery radius is measured from it); both or neither.
ALTER TABLE "shops" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_location_whole" CHECK (("latitude" IS NULL) = ("longitude" IS NULL) AND "latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180);
--> statement-breakpoint
CREATE TYPE "public"."fulfilment_kind" AS ENUM('pickup', 'delivery');
--> statement-breakpoint
-- How a shop hands over its orders: its time zone, when ordering closes and opens, and its delivery terms.
CREATE TABLE "fulfilment_settings" (
	"shop_id" uuid PRIMARY KEY NOT NULL REFERENCES "shops"("vendor_id") ON DELETE cascade,
	"time_zone" text NOT NULL,
	"cutoff_hours" integer DEFAULT 24 NOT NULL,
	"horizon_days" integer DEFAULT 14 NOT NULL,
	"delivery_offered" boolean DEFAULT false NOT NULL,
	"delivery_postcodes" text[] DEFAULT '{}' NOT NULL,
	"delivery_radius_km" double precision,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"free_delivery_over_cents" integer,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilment_settings_cutoff_range" CHECK ("cutoff_hours" BETWEEN 0 AND 336),
	CONSTRAINT "fulfilment_settings_horizon_range" CHECK ("horizon_days" BETWEEN 1 AND 60),
	CONSTRAINT "fulfilment_settings_radius_positive" CHECK ("delivery_radius_km" IS NULL OR "delivery_radius_km" > 0),
	CONSTRAINT "fulfilment_settings_amounts_nonneg" CHECK ("delivery_fee_cents" >= 0 AND "minimum_order_cents" >= 0 AND ("free_delivery_over_cents" IS NULL OR "free_delivery_over_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL REFERENCES "shops"("vendor_id") ON DELETE cascade,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "pickup_points_shop_idx" ON "pickup_points" USING btree ("shop_id") WHERE "retired_at" IS NULL;
--> statement-breakpoint
-- A weekly window: on `weekday` (ISO, 1 = Monday) from `start_time` to `end_time` (the next day when
-- `ends_next_day`), wall-clock times in the shop's zone; a retired window keeps the bookings made for it.
CREATE TABLE "fulfilment_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL REFERENCES "shops"("vendor_id") ON DELETE cascade,
	"kind" "fulfilment_kind" NOT NULL,
	"pickup_point_id" uuid REFERENCES "pickup_points"("id") ON DELETE restrict,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"ends_next_day" boolean DEFAULT false NOT NULL,
	"capacity" integer NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "fulfilment_windows_weekday_range" CHECK ("weekday" BETWEEN 1 AND 7),
	CONSTRAINT "fulfilment_windows_capacity_positive" CHECK ("capacity" >= 1),
	CONSTRAINT "fulfilment_windows_pickup_has_point" CHECK (("kind" = 'pickup') = ("pickup_point_id" IS NOT NULL)),
	CONSTRAINT "fulfilment_windows_end_after_start" CHECK (CASE WHEN "ends_next_day" THEN "end_time" <= "start_time" ELSE "end_time" > "start_time" END)
);
--> statement-breakpoint
CREATE INDEX "fulfilment_windows_shop_idx" ON "fulfilment_windows" USING btree ("shop_id") WHERE "retired_at" IS NULL;
--> statement-breakpoint
-- A window's slot cancelled for one date (a holiday): no new bookings; the shoppers already booked are told
-- (`shoppers_told_at` is set once they were).
CREATE TABLE "window_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL REFERENCES "fulfilment_windows"("id") ON DELETE cascade,
	"date" date NOT NULL,
	"reason" text,
	"shoppers_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "window_cancellations_window_date_key" ON "window_cancellations" USING btree ("window_id","date");
--> statement-breakpoint
-- One order's place in a slot (the window on the date its slot starts); a cancelled booking frees its place.
CREATE TABLE "slot_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL REFERENCES "fulfilment_windows"("id") ON DELETE restrict,
	"date" date NOT NULL,
	"shopper_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"order_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "slot_bookings_window_date_idx" ON "slot_bookings" USING btree ("window_id","date") WHERE "cancelled_at" IS NULL;
