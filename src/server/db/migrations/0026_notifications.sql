-- Notifications (decision 019): the outbox written with each change, the bell's notifications, e-mail opt-outs.
CREATE TYPE "public"."notification_kind" AS ENUM('order_placed', 'order_received', 'step_changed', 'part_cancelled', 'slot_cancelled', 'review_reported');
--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('in_app', 'email');
--> statement-breakpoint
CREATE TYPE "public"."outbox_state" AS ENUM('pending', 'sending', 'sent', 'failed');
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"payload" jsonb NOT NULL,
	"state" "outbox_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_pid" integer,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "state" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "notification_outbox_created_idx" ON "notification_outbox" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"outbox_id" uuid NOT NULL REFERENCES "notification_outbox"("id") ON DELETE cascade,
	"kind" "notification_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_outbox_key" ON "notifications" USING btree ("outbox_id");
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" "notification_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
