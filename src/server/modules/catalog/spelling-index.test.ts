import { describe, expect, it } from 'vitest';
import { editDistance, SpellingIndex, trigramSimilarity } from './spelling-index.ts';

const indexOf = (...terms: string[]) => {
  const index = new SpellingIndex();
  for (const term of terms) index.add(term);
  return index;
};

describe('SpellingIndex', () => {
  const index = indexOf('cheddar', 'cheese', 'cheeseburger', 'tomatoes', 'tomato', 'quinoa', 'strawberries', 'tea');

  it('knows its terms and corrects one or two edits anywhere in a word, past its indexed prefix too', () => {
    expect(index.correct('cheese')).toBe('cheese');
    expect(index.correct('chedar')).toBe('cheddar');
    expect(index.correct('quinao')).toBe('quinoa');
    expect(index.correct('xheddar')).toBe('cheddar');
    expect(index.correct('strawberies')).toBe('strawberries');
    expect(index.correct('strawberriez')).toBe('strawberries');
    expect(index.correct('stawberrie')).toBe('strawberries');
    expect(index.correct('cheeseburgr')).toBe('cheeseburger');
  });

  it('chooses the closest term by its trigrams, as PostgreSQL orders them', () => {
    // similarity('tomatos', 'tomato') = 6/9, with 'tomatoes' 6/11; similarity('tomatoe', 'tomatoes') = 7/10.
    expect(index.correct('tomatos')).toBe('tomato');
    expect(index.correct('tomatoe')).toBe('tomatoes');
  });

  it('offers nothing more than two edits away or less similar than pg_trgm allows', () => {
    expect(index.correct('qqzxv')).toBeNull();
    expect(index.correct('chdr')).toBeNull();
    expect(index.correct('ab')).toBeNull();
    expect(indexOf('oak').correct('ok')).toBeNull();
  });

  it('takes words of any script and any length', () => {
    const accents = indexOf('crème', 'jalapeño', '豆腐');
    expect(accents.correct('creme')).toBe('crème');
    expect(accents.correct('jalapeno')).toBe('jalapeño');
    expect(accents.correct('豆腐')).toBe('豆腐');
    expect(index.correct('a'.repeat(10_000))).toBeNull();
  });

  it('counts a swap of neighbours as one edit, and gives up past the bound', () => {
    expect(editDistance('quinoa', 'quinao')).toBe(1);
    expect(editDistance('cheddar', 'chedar')).toBe(1);
    expect(editDistance('cheddar', 'tomatoes')).toBe(Number.POSITIVE_INFINITY);
    expect(trigramSimilarity('word', 'word')).toBe(1);
  });
});
