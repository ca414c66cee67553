/**
 * One CSV cell, safe to open in a spreadsheet: a leading `= + - @` (a formula) is neutralised with a quote, and a
 * cell holding the separator, a quote or a line break is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * CSV for Excel in French locales and everyone else: UTF-8 with a byte-order mark, `;` separators, CRLF line ends.
 */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
