-- Holds of weighed goods whose capture is still undecided, found by age (holdsUndecidedSince).
CREATE INDEX "payment_intents_manual_idx" ON "payment_intents" USING btree ("created_at") WHERE "capture_method" = 'manual';
