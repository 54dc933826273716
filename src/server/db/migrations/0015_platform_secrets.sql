-- Secrets every server process shares, such as the access-token signing key when JWT_SECRET is not set: made
-- once by the first process to start (INSERT ... ON CONFLICT DO NOTHING, then read back), so that processes
-- starting together agree and none keeps its own on disk.
CREATE TABLE "platform_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
