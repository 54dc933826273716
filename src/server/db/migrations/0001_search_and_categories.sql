-- Reference data: the 12 categories of the spec, with their labels and selling unit.
INSERT INTO "categories" ("id", "value", "label", "unit") VALUES
  (1, 'milk', 'Milks and Dairies', 'liter'),
  (2, 'vegetable', 'Vegetables', 'kg'),
  (3, 'fastFood', 'Fast Food', 'piece'),
  (4, 'baking', 'Baking Material', 'piece'),
  (5, 'fruit', 'Fresh Fruit', 'kg'),
  (6, 'sweet', 'Sweets and Desserts', 'kg'),
  (7, 'snacks', 'Snacks', 'piece'),
  (8, 'beverage', 'Beverage', 'liter'),
  (9, 'regional', 'Regional Food', 'piece'),
  (10, 'bakery', 'Bakery', 'kg'),
  (11, 'grains', 'Grains', 'piece'),
  (12, 'proteins', 'Proteins', 'piece')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Full-text search over what a shopper types: the product's name (weight A) and details (weight B).
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
    setweight(to_tsvector('english', coalesce("details", '')), 'B')
  ) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WHERE "listed";
--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WHERE "listed";
--> statement-breakpoint
CREATE INDEX "users_shop_name_trgm_idx" ON "users" USING gin ("shop_name" gin_trgm_ops) WHERE "roll" = 'vendor';
