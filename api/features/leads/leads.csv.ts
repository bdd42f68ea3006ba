import type { Lead } from '../../../contracts/leads';

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab / carriage return) as a formula, so
 * a lead named `=HYPERLINK(...)` would run in whoever opens the export (CSV injection). Such text
 * gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = 'id,name,email,social_handle,source,status,score,value_usd,notes,created_at,updated_at\r\n';

const usd = (cents: number) => (cents / 100).toFixed(2);

/** One lead as a CSV record, CRLF-terminated. */
export function csvRow(l: Lead): string {
  return [l.id, l.name, l.email, l.socialHandle, l.source, l.status, l.score, usd(l.value), l.notes, l.createdAt, l.updatedAt].map(csvField).join(',') + '\r\n';
}
