/** A shop's story: plain text whose paragraphs are separated by blank lines. No zod here: the shop page shows it. */
export const STORY_MAX = 4000;

/** A story's paragraphs: the text split at blank lines (a single line break stays inside its paragraph). */
export const storyParagraphs = (story: string) =>
  story
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
