-- Placeholder: filled by the rate-limit work.
SELECT 1;
