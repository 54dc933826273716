-- Compound words in search (issue 14): "berries" finds strawberries and "burger" the cheeseburger through the
-- dictionary terms that end with the word, a range of this index on the reversed term (byte order, like the
-- primary key that gives the terms starting with it: "cheese" → cheeseburger).
CREATE INDEX "search_terms_reverse_idx" ON "search_terms" (reverse("term") COLLATE "C");
--> statement-breakpoint
-- Shop search tolerates typos like product search (issue 14): the text with each word the dictionary does not
-- know replaced by its closest term (trigram KNN on search_terms_trgm_idx), so "bakry" reads "bakery".
CREATE FUNCTION spelled_text(value text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT string_agg(coalesce(
      (SELECT known.term FROM search_terms known WHERE known.term = w.word),
      (SELECT t.term FROM search_terms t WHERE t.term % w.word ORDER BY t.term <-> w.word LIMIT 1),
      w.word), ' ' ORDER BY w.ord)
    FROM regexp_split_to_table(lower(value), '[^[:alnum:]]+') WITH ORDINALITY AS w(word, ord)
    WHERE w.word <> ''
  $$;
