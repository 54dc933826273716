-- The database speaks `role` (issue 30, item 8): the spec's field name `roll` stays on the wire only (the contract
-- maps it at the API edge). Renaming a column and an index changes only the catalog (the partial indexes and the
-- vendor-has-shop check follow the column by number), but it needs users' exclusive lock, and every signed-in request
-- reads users: after 5 s this start fails instead of queueing them, and the next start tries again (as 0044).
-- A server of the release before reads "roll", so this release does not roll (docs/deploy.md, "Releases that do
-- not roll"): stop every server, start one (it migrates in well under a second), then the others.
SET LOCAL lock_timeout = '5s';
--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "roll" TO "role";
--> statement-breakpoint
ALTER INDEX "users_roll_idx" RENAME TO "users_role_idx";
