-- The admin's earnings by month read transfers and their reversals by when they were made (earningsByMonth).
CREATE INDEX "transfers_created_idx" ON "transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transfer_reversals_created_idx" ON "transfer_reversals" USING btree ("created_at");
