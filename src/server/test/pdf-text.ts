import { inflateSync } from 'node:zlib';

/** The text a PDF shows, one string per line drawn (pdfkit writes each line as hex strings in a TJ array). */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // an image or font, not a page's content
    }
    for (const [, array] of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, h]) => h).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines;
}
