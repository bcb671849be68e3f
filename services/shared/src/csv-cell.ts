/**
 * Text a spreadsheet may read as a formula (CSV injection): a tab or carriage return first, or,
 * after any spaces and invisible characters, = + - @ or one of their full-width, small or
 * mathematical look-alikes, which some spreadsheets read as the ASCII sign.
 */
const FORMULA_START = /^[\t\r]|^[\s\p{Cc}\p{Cf}]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b\u2212\u2795\u2796\u207a\u208a\u207c\u208c\u2012-\u2015]/u;

/**
 * One CSV cell per RFC 4180: always quoted, quotes doubled. Text a spreadsheet would run as a
 * formula gets a leading apostrophe, so an address such as '=1+2@x.co' stays text.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Excel reads a CSV without it in the local code page ("£" becomes "Â£"). */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** A whole CSV file: the byte-order mark, the header row, then the rows, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BYTE_ORDER_MARK + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** e.g. 'contact-messages-2026-01-31.csv'. */
export function csvFileName(subject: string, now: Date): string {
  return `${subject}-${now.toISOString().slice(0, 10)}.csv`;
}
