-- Placeholder: filled by the payment ledger work.
SELECT 1;
