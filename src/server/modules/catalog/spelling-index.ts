/**
 * Leading letters of a term whose deletions are indexed (SymSpell's prefix length): longer terms are told apart by
 * the edit distance computed on the whole words, so the index grows with the number of terms, not their length.
 */
const PREFIX = 7;
/** Edits (a letter dropped, added, replaced, or two neighbours swapped) a correction may be from the word typed. */
const MAX_EDITS = 2;
/** pg_trgm's similarity threshold (its `%` operator): a closer term that is not this similar is no correction. */
const MIN_SIMILARITY = 0.3;

/**
 * The strings made from `word` by deleting up to `edits` of its UTF-16 units, itself included (a letter outside
 * the Basic Multilingual Plane, two units, takes two deletions: rare in a grocery's words, and never wrong).
 */
function deletions(word: string, edits: number): Set<string> {
  const found = new Set([word]);
  let round = [word];
  for (let edit = 0; edit < edits; edit++) {
    const next: string[] = [];
    for (const longer of round) {
      for (let at = 0; at < longer.length; at++) {
        const shorter = longer.slice(0, at) + longer.slice(at + 1);
        if (!found.has(shorter)) {
          found.add(shorter);
          next.push(shorter);
        }
      }
    }
    round = next;
  }
  return found;
}

/** Edits from a to b (letters dropped, added, replaced, or two neighbours swapped), or Infinity beyond `max`. */
export function editDistance(a: string, b: string, max = MAX_EDITS): number {
  if (Math.abs(a.length - b.length) > max) return Number.POSITIVE_INFINITY;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return Number.POSITIVE_INFINITY;
    [before, previous] = [previous, current];
  }
  const distance = previous[b.length];
  return distance > max ? Number.POSITIVE_INFINITY : distance;
}

/** A word's trigrams as pg_trgm forms them: padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = [' ', ' ', ...word, ' '];
  const found = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at++) found.add(padded[at] + padded[at + 1] + padded[at + 2]);
  return found;
}

/** pg_trgm's `similarity` of two words of letters and digits: shared trigrams over all their distinct trigrams. */
export function trigramSimilarity(a: string, b: string): number {
  return similarityOf(trigrams(a), trigrams(b));
}

/** trigramSimilarity of two words' trigrams (`trigrams`), for a word compared with many. */
export function similarityOf(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * The search dictionary's terms held in memory with SymSpell's symmetric deletions: every term is filed under the
 * strings its first PREFIX letters make with up to MAX_EDITS letters deleted, so a word's candidates are the terms
 * filed under its own deletions (a few dozen lookups, however many terms), checked by their edit distance on the
 * whole words. Words and terms are lower case, as `searchWords` and the dictionary's `search_words` make them.
 */
export class SpellingIndex {
  private readonly terms = new Set<string>();
  /** Each deletion's terms: one term as itself (most deletions have one), more as an array. */
  private readonly filed = new Map<string, string | string[]>();

  get size(): number {
    return this.terms.size;
  }

  add(term: string): void {
    if (this.terms.has(term)) return;
    this.terms.add(term);
    for (const key of deletions(term.slice(0, PREFIX), MAX_EDITS)) {
      const filed = this.filed.get(key);
      if (filed === undefined) this.filed.set(key, term);
      else if (typeof filed === 'string') this.filed.set(key, [filed, term]);
      else filed.push(term);
    }
  }

  /**
   * The word itself when it is a term; else the term closest to it within MAX_EDITS edits and pg_trgm's similarity
   * threshold, chosen as PostgreSQL's `ORDER BY term <-> word` would (most similar trigrams first), then the fewest
   * edits, then alphabetically; null when no term is that close.
   */
  correct(word: string): string | null {
    if (this.terms.has(word)) return word;
    let best: { term: string; similarity: number; edits: number } | null = null;
    const seen = new Set<string>();
    const wordTrigrams = trigrams(word);
    for (const key of deletions(word.slice(0, PREFIX), MAX_EDITS)) {
      const filed = this.filed.get(key);
      for (const term of typeof filed === 'string' ? [filed] : (filed ?? [])) {
        if (seen.has(term)) continue;
        seen.add(term);
        const edits = editDistance(word, term);
        if (edits > MAX_EDITS) continue;
        const similarity = similarityOf(wordTrigrams, trigrams(term));
        if (similarity < MIN_SIMILARITY) continue;
        const better =
          !best ||
          similarity > best.similarity ||
          (similarity === best.similarity && (edits < best.edits || (edits === best.edits && term < best.term)));
        if (better) best = { term, similarity, edits };
      }
    }
    return best?.term ?? null;
  }
}
