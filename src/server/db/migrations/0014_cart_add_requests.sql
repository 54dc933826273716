-- One row per add-to-cart click a shopper's browser sent with a request id: a retried request (same id) finds
-- its row and answers what the first one did (the line and its amount then), adding nothing more. Written in
-- the add's transaction, so a refused add leaves no row; rows older than a day are pruned on the next add.
CREATE TABLE "cart_add_requests" (
	"user_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_add_requests_pkey" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "cart_add_requests" ADD CONSTRAINT "cart_add_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
