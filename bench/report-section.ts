/** A generated part of a Markdown file, between `<!-- name:start -->` and `<!-- name:end -->`. */
const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The section with its markers, or '' when the text has none. */
export function sectionOf(text: string, name: string): string {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from === -1 || to === -1 ? '' : text.slice(from, to + end.length);
}

/** The text with the section's body replaced (or the section appended when it has none yet). */
export function replaceSection(text: string, name: string, body: string): string {
  const [start, end] = markers(name);
  const block = `${start}\n${body.trim()}\n${end}`;
  const old = sectionOf(text, name);
  return old ? text.replace(old, () => block) : `${text.trimEnd()}\n\n${block}\n`;
}
