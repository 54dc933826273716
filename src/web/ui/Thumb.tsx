import { Picture } from './Picture.tsx';

/** A square picture that loads once it nears the screen: `size` pixels wide and high, styled by `className`. */
export function Thumb({ src, alt, size, className }: { src: string; alt: string; size: number; className: string }) {
  return <Picture src={src} alt={alt} width={size} height={size} sizes={`${size}px`} className={className} />;
}

/** What stands for a shop that has no picture of its own: the site's mark. */
export const NO_SHOP_PICTURE = '/favicon.svg';

/**
 * A shop's picture beside its name (the shop list, a shopper's favourite shops), or the site's mark when it has none;
 * `sizeClass` is the Tailwind size of `size` pixels ("size-20" for 80).
 */
export function ShopThumb({ image, size, sizeClass }: { image: string | null; size: number; sizeClass: string }) {
  return (
    <Thumb
      src={image || NO_SHOP_PICTURE}
      alt=""
      size={size}
      className={`${sizeClass} shrink-0 rounded-box bg-base-200 object-contain p-1`}
    />
  );
}
