-- A plan's notice on cancelling and a box's tax category (decisions 068 and 069): subscription_plans gains
-- box_category (the category whose tax rate a box line takes; 'vegetable', a food, for the plans there are) and
-- notice_days (0: a cancel stops every delivery not ordered yet). Constant defaults: no table rewrite; the check is
-- validated over the plans (a few rows), none of the guarded tables is touched.
ALTER TABLE "subscription_plans" ADD COLUMN "box_category" text DEFAULT 'vegetable' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "notice_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_notice" CHECK ("subscription_plans"."notice_days" BETWEEN 0 AND 60);
