-- A line the shopper added to a subscription delivery's order, at its list price, outside the plan (decision 068): it
-- takes no plan discount and cannot be swapped. Until now a line counted as the plan's when it was made in the same
-- transaction as its order, which a later write to the order would not keep true.
-- lock: ADD COLUMN with a constant default changes only the catalog (no rewrite since PostgreSQL 11): order_lines is
-- held for milliseconds.
ALTER TABLE "order_lines" ADD COLUMN "one_off" boolean DEFAULT false NOT NULL;
