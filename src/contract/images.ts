/** The 400px thumbnail stored beside every uploaded picture (`<id>.webp` → `<id>-400.webp`). */
export function thumbnailUrl(imageUrl: string): string {
  return /\/[0-9a-f-]{36}\.webp$/.test(imageUrl) ? imageUrl.replace(/\.webp$/, '-400.webp') : imageUrl;
}
