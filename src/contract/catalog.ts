import { z } from 'zod';
import { UNITS } from './categories.ts';

export const categoryItem = z.object({
  id: z.string(),
  _id: z.string(),
  /** The category value products carry (milk, vegetable, …). */
  category: z.string(),
  label: z.string(),
  unit: z.enum(UNITS),
});
export const categoryList = z.array(categoryItem);
export type CategoryItem = z.infer<typeof categoryItem>;
