/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or return first). */
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV cell: text that could be a formula gets a leading quote; commas, quotes and line breaks are quoted. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file (RFC 4180: CRLF line ends) with a header row. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
