-- An admin finds an account by a part of its name or e-mail (GET /users/{roll}?q=, ILIKE '%…%'): trigram indexes
-- answer it without reading every account of the role, however many shoppers sign up.
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
