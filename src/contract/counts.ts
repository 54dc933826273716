import { groupDigits } from './plain-format.ts';

/** A count and its noun, singular for one: "1 order", "2 orders", "1,200 items", "3 boxes" (`plural` when not +s). */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${groupDigits(count)} ${count === 1 ? noun : plural}`;
}
