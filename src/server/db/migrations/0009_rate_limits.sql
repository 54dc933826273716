-- Rate-limit counters shared by every server process (rate-limiter-flexible's Postgres store: one row per
-- limiter and key, expire in epoch milliseconds). UNLOGGED: counts are written on every write request and
-- are worth no WAL; a crash forgets them, which only resets the windows.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
