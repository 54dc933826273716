import beverage from '@lobehub/fluent-emoji-3d/assets/1f9c3.webp';
import baking from '@lobehub/fluent-emoji-3d/assets/1f9c8.webp';
import grains from '@lobehub/fluent-emoji-3d/assets/1f33e.webp';
import fruit from '@lobehub/fluent-emoji-3d/assets/1f34e.webp';
import regional from '@lobehub/fluent-emoji-3d/assets/1f35b.webp';
import proteins from '@lobehub/fluent-emoji-3d/assets/1f95a.webp';
import milk from '@lobehub/fluent-emoji-3d/assets/1f95b.webp';
import fastFood from '@lobehub/fluent-emoji-3d/assets/1f354.webp';
import sweet from '@lobehub/fluent-emoji-3d/assets/1f370.webp';
import bakery from '@lobehub/fluent-emoji-3d/assets/1f950.webp';
import vegetable from '@lobehub/fluent-emoji-3d/assets/1f966.webp';
import snacks from '@lobehub/fluent-emoji-3d/assets/1f968.webp';

/** A picture for each category's banner (Fluent Emoji 3D, shipped in the npm package). */
export const CATEGORY_PICTURES: Record<string, string> = {
  milk,
  vegetable,
  fastFood,
  baking,
  fruit,
  sweet,
  snacks,
  beverage,
  regional,
  bakery,
  grains,
  proteins,
};
