import { Picture } from './Picture.tsx';

/** A square picture that loads once it nears the screen: `size` pixels wide and high, styled by `className`. */
export function Thumb({ src, alt, size, className }: { src: string; alt: string; size: number; className: string }) {
  return <Picture src={src} alt={alt} width={size} height={size} sizes={`${size}px`} className={className} />;
}
