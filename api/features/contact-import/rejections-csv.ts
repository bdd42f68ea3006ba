/**
 * One CSV field (RFC 4180), guarded against spreadsheet formulas like the leads export
 * (db/leads/export-leads.ts): a cell starting with = + - @ tab or CR gets a leading apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rejected rows: `line`, `reason`, then the file's own columns, so the file can be fixed and imported again. */
export function rejectionsCsv(headers: string[], rows: { line: number; reason: string; values: string[] }[]): string {
  const record = (fields: string[]) => fields.map(csvField).join(',') + '\r\n';
  // A BOM so spreadsheet apps read the file as UTF-8.
  return '\uFEFF' + record(['line', 'reason', ...headers]) + rows.map((r) => record([String(r.line), r.reason, ...r.values])).join('');
}
