import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { MAX_IMPORT_ROWS } from '#contract/catalogue-import.ts';
import { badRequest } from '../../../errors.ts';

export type Separator = ',' | ';';

/** NUL and the other control characters PostgreSQL's text refuses or a spreadsheet never writes (tab and line ends are text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A CSV file as read: its separator, its header row, and its rows of cells (each as long as the header). */
export type CsvFile = { separator: Separator; headers: string[]; rows: string[][] };

/**
 * The separator of a file: the one of ',' and ';' its header line holds more of outside quotes (a spreadsheet set to
 * a decimal comma writes ';').
 */
function separatorOf(text: string): Separator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Reads a CSV file (UTF-8, with or without a byte order mark; commas or semicolons): the header row and its rows,
 * blank lines skipped, short rows padded. A file that is not CSV is a 400 saying where it broke.
 */
export function readCsv(text: string): CsvFile {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const control = CONTROL.exec(body);
  if (control) {
    const line = body.slice(0, control.index).split('\n').length;
    const message = `The file holds a control character on line ${line}: save it again as CSV`;
    throw badRequest(message, { file: message });
  }
  const separator = separatorOf(body);
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: separator,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const message = `The file is not a CSV file we can read${line ? ` (line ${line})` : ''}`;
    throw badRequest(message, { file: message });
  }
  const [header = [], ...rows] = records.filter((r) => r.some((cell) => cell.trim() !== ''));
  const headers = header.map((h) => h.trim());
  if (headers.length === 0 || headers.every((h) => h === '')) {
    throw badRequest('The file has no header row', { file: 'The file has no header row' });
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    const message = `At most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows a file: split it in parts`;
    throw badRequest(message, { file: message });
  }
  return { separator, headers, rows: rows.map((r) => headers.map((_, i) => r[i] ?? '')) };
}

/** A CSV file of these rows under this header: commas, quotes where needed, CRLF lines (as spreadsheets write). */
export function writeCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([headers, ...rows], { record_delimiter: 'windows' });
}
