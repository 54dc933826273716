import { useState } from 'react';
import { imageSrcSets } from '#contract/images.ts';

/**
 * A picture at the width it is shown: an uploaded one (`…/<id>.webp`) in AVIF where the browser takes it, else
 * WebP, from the stored widths that `sizes` (its CSS width at each screen width) calls for; any other URL as it is.
 * Lazy unless `priority` (the page's largest picture, the first cards), which is fetched first. Should a variant
 * be missing, the stored WebP shows instead.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const srcSets = failed ? null : imageSrcSets(src);
  const img = (
    <img
      src={src}
      srcSet={srcSets?.webp}
      sizes={srcSets ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      onError={srcSets ? () => setFailed(true) : undefined}
    />
  );
  if (!srcSets) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSets.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
