/** RFC 4180: quote fields holding a comma, quote or line break; double the quotes inside. */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Rows as CSV with CRLF line ends (RFC 4180). `bom`: a byte-order mark first, so spreadsheet
 * programs read Chinese names as UTF-8 (the page's downloads); programs reading the data API's
 * CSV get none, so the first column is named as written.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[], bom = true): string {
  return (bom ? '\uFEFF' : '') + rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
