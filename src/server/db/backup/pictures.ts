import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Copies the files of `from` that `to` lacks (pictures are written once under a new name and never changed, so a
 * name already there is the same picture); a picture still being written (`.partial`) is left for the next time.
 * Returns how many files were copied.
 */
export async function copyNewPictures(from: string, to: string): Promise<number> {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  let copied = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    if (await exists(target)) continue;
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Copied beside, then renamed: a copy cut short by a crash is never taken for the picture.
    await fs.copyFile(source, `${target}.partial`);
    await fs.rename(`${target}.partial`, target);
    copied += 1;
  }
  return copied;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
