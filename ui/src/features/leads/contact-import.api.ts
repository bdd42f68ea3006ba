import type { ContactImport, ImportMapping, ImportPreview, StartImportBody } from '@contracts/contact-import';
import { type importFields } from '@contracts/contact-import';
import { apiGet, apiPost } from '../../lib/api';

export const previewImport = (csv: string) => apiPost<ImportPreview>('/api/contacts/import/preview', { csv });
export const startImport = (body: StartImportBody) => apiPost<ContactImport>('/api/contacts/import', body);
export const fetchImport = (id: string) => apiGet<ContactImport>(`/api/contacts/import/${encodeURIComponent(id)}`);
export const rejectedUrl = (id: string) => `/api/contacts/import/${encodeURIComponent(id)}/rejected.csv`;

/** What a column is imported as: nothing, a contact field, or a custom field named after the column. */
export type ColumnChoice = '' | (typeof importFields)[number] | 'custom';

const guesses: [RegExp, (typeof importFields)[number]][] = [
  [/^(full[ _-]?)?name$|^contact$/i, 'name'],
  [/e-?mail/i, 'email'],
  [/phone|mobile|tel/i, 'phone'],
  [/insta|^ig$/i, 'instagram'],
  [/facebook|^fb$|messenger/i, 'facebook'],
  [/twitter|^x$/i, 'x'],
];

/** A first guess per column from its header; each contact field at most once. */
export function guessColumns(headers: string[]): ColumnChoice[] {
  const taken = new Set<string>();
  return headers.map((h) => {
    const hit = guesses.find(([re, field]) => re.test(h.trim()) && !taken.has(field));
    if (!hit) return '';
    taken.add(hit[1]);
    return hit[1];
  });
}

/** A custom field's key from its column's header: lower case letters, digits and _ (contracts/contact-import.ts). */
export function customKey(header: string): string {
  const slug = header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);
  return slug || 'field';
}

export function mappingOf(headers: string[], choices: ColumnChoice[]): ImportMapping {
  const mapping: ImportMapping = {};
  choices.forEach((c, i) => {
    if (c === 'custom') mapping[`field:${customKey(headers[i]!)}`] = headers[i]!;
    else if (c) mapping[c] = headers[i]!;
  });
  return mapping;
}
