/**
 * Every uploaded picture is stored at these widths (never enlarged past the original), each in AVIF and WebP:
 * 200 for small thumbnails, 400 for cards (a card is 160-240 CSS px wide on phones and desktops, ×1.75-2 on
 * phones), 800 for the product page on a phone (about 310 CSS px), 1200 for it on a desktop.
 */
export const IMAGE_WIDTHS = [200, 400, 800, 1200] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
const UPLOAD = /^(.*\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** The stored name of one variant: `<id>.<format>` for the largest width, `<id>-<width>.<format>` for the others. */
export function imageVariantName(id: string, width: number, format: ImageFormat): string {
  return width === LARGEST ? `${id}.${format}` : `${id}-${width}.${format}`;
}

/** The id of an uploaded picture's URL or stored name (`…/<id>.webp`), or null for any other URL. */
export function uploadedImageId(url: string): string | null {
  return UPLOAD.exec(url)?.[2] ?? null;
}

/**
 * The `srcset` of each format for an uploaded picture's URL (`…/<id>.webp`), or null for any other URL
 * (an external avatar, a bundled picture), which is shown as it is.
 */
export function imageSrcSets(url: string): Record<ImageFormat, string> | null {
  const match = UPLOAD.exec(url);
  if (!match) return null;
  const [, base = '', id] = match;
  const srcSet = (format: ImageFormat) =>
    IMAGE_WIDTHS.map((width) => `${base}${imageVariantName(id, width, format)} ${width}w`).join(', ');
  return { avif: srcSet('avif'), webp: srcSet('webp') };
}

/** The 400px thumbnail stored beside every uploaded picture (`<id>.webp` → `<id>-400.webp`). */
export function thumbnailUrl(imageUrl: string): string {
  const id = uploadedImageId(imageUrl);
  return id ? imageUrl.replace(/[^/]*$/, imageVariantName(id, 400, 'webp')) : imageUrl;
}
