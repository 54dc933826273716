-- Placeholder: filled by the edge-limits work (reviews one per buyer, popularity by distinct buyers).
SELECT 1;
