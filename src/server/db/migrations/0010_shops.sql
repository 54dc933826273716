-- A vendor's shop moves out of "users" into its own table, owned by the shops module (issue 10): one row per
-- vendor, made in the same transaction that makes the user a vendor. The old CHECK users_vendor_has_shop
-- becomes the NOT NULL name and membership of a shop row.
CREATE TABLE "shops" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"address" text,
	"phone" text,
	"established" date,
	"membership" "membership" DEFAULT 'normal' NOT NULL,
	"badge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Every vendor's shop, enabled or not (a deleted vendor's orders still name it).
INSERT INTO "shops" ("vendor_id", "name", "image", "address", "phone", "established", "membership", "badge")
  SELECT "id", "shop_name", "shop_image", "shop_address", "shop_phone", "shop_established", "membership", "badge"
  FROM "users" WHERE "roll" = 'vendor';
--> statement-breakpoint
-- Search (decision 009): shop names are close-spelling matched through a trigram index and feed the spelling
-- dictionary, now from shops.name.
CREATE INDEX "shops_name_trgm_idx" ON "shops" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
DROP TRIGGER "users_search_terms_insert" ON "users";
--> statement-breakpoint
DROP TRIGGER "users_search_terms_update" ON "users";
--> statement-breakpoint
CREATE TRIGGER "shops_search_terms_insert" AFTER INSERT ON "shops"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_search_terms('name');
--> statement-breakpoint
CREATE TRIGGER "shops_search_terms_update" AFTER UPDATE OF "name" ON "shops"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION remember_search_terms('name');
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_vendor_has_shop";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shop_name", DROP COLUMN "shop_image", DROP COLUMN "shop_address",
  DROP COLUMN "shop_phone", DROP COLUMN "shop_established", DROP COLUMN "membership", DROP COLUMN "badge";
