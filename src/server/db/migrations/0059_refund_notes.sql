-- The order desk: why an admin gave a refund, in their words, and who (src/server/modules/orders/desk*.ts).
CREATE TABLE "refund_notes" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"note" text,
	"given_by" uuid,
	"given_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_notes_cause" CHECK ("refund_notes"."cause" IN ('damaged', 'missing', 'wrong_item', 'quality', 'late', 'goodwill', 'other'))
);
--> statement-breakpoint
ALTER TABLE "refund_notes" ADD CONSTRAINT "refund_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- lock: the foreign key holds users in SHARE ROW EXCLUSIVE until the migration commits: writes to users wait
-- milliseconds, as refund_notes is new and empty (nothing to check).
ALTER TABLE "refund_notes" ADD CONSTRAINT "refund_notes_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;