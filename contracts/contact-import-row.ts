import { z } from 'zod';
import { importFields, type ImportMapping } from './contact-import';

/** The platforms a handle column names; `x` is the leads' `twitter` source and the accounts' platform. */
export const importPlatforms = { instagram: 'instagram', facebook: 'facebook', x: 'twitter' } as const;
export type ImportPlatform = (typeof importPlatforms)[keyof typeof importPlatforms];

/** One CSV row, read through the mapping and checked (ADR 0044). */
export interface ImportRow {
  line: number;
  name: string;
  /** Lower-cased. */
  email: string | null;
  phone: string | null;
  /** `@handle` (as the leads list shows handles), the first of instagram, facebook, x that holds one. */
  handle: string | null;
  /** Numeric platform ids (Instagram-scoped id, page-scoped id, X user id), to find the contact we already have. */
  platformIds: { platform: ImportPlatform; id: string }[];
  /** Handles per platform (lower case, no @), to find the contact by its username. */
  handles: { platform: ImportPlatform; handle: string }[];
  customFields: Record<string, string>;
}

const rowSchema = z.object({
  name: z.string().max(200, 'Name is longer than 200 characters'),
  email: z.union([z.literal(''), z.email('Not a valid email address').max(320)]),
  phone: z.union([z.literal(''), z.string().regex(/^\+?[0-9][0-9 ().-]{3,30}$/, 'Not a phone number (digits, spaces, + ( ) . -)')]),
  instagram: z.string(),
  facebook: z.string(),
  x: z.string(),
});

const handleOrId = /^@?[A-Za-z0-9._]{1,100}$/;
const numericId = /^\d{1,30}$/;
const MAX_CUSTOM_VALUE = 1000;

/**
 * A cell our own CSVs guard against spreadsheet formulas (`'@handle`, api/features/contact-import/rejections-csv.ts)
 * reads back as it was, so a fixed rejected-rows file imports as is.
 */
const unguard = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v);

/**
 * The row's values (in header order) → a contact to write, or the reason it is rejected. `columns`
 * maps each mapped field to its column index (from the mapping and the file's headers).
 */
export function readImportRow(line: number, values: string[], columns: Record<string, number>): { row: ImportRow } | { reason: string } {
  const at = (field: string) => (columns[field] === undefined ? '' : unguard((values[columns[field]] ?? '').trim()));
  const parsed = rowSchema.safeParse(Object.fromEntries(importFields.map((f) => [f, at(f)])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { reason: `${String(issue?.path[0] ?? 'row')}: ${issue?.message ?? 'invalid'}` };
  }
  const v = parsed.data;
  const platformIds: ImportRow['platformIds'] = [];
  const handles: ImportRow['handles'] = [];
  for (const key of ['instagram', 'facebook', 'x'] as const) {
    const raw = v[key];
    if (!raw) continue;
    if (!handleOrId.test(raw)) return { reason: `${key}: not a handle or a numeric id` };
    const platform = importPlatforms[key];
    if (numericId.test(raw)) platformIds.push({ platform, id: raw });
    else handles.push({ platform, handle: raw.replace(/^@/, '').toLowerCase() });
  }
  const customFields: Record<string, string> = {};
  for (const [field, index] of Object.entries(columns)) {
    if (!field.startsWith('field:')) continue;
    const value = (values[index] ?? '').trim();
    if (value.length > MAX_CUSTOM_VALUE) return { reason: `${field}: longer than ${MAX_CUSTOM_VALUE} characters` };
    if (value) customFields[field.slice('field:'.length)] = value;
  }
  if (!v.name && !v.email && !v.phone && platformIds.length === 0 && handles.length === 0) {
    return { reason: 'No name, email, phone or handle' };
  }
  return {
    row: {
      line,
      name: v.name,
      email: v.email ? v.email.toLowerCase() : null,
      phone: v.phone || null,
      handle: handles[0] ? `@${handles[0].handle}` : null,
      platformIds,
      handles,
      customFields,
    },
  };
}

/** The mapping as column indexes of `headers`; the names of mapped headers the file lacks. */
export function mappingColumns(mapping: ImportMapping, headers: string[]): { columns: Record<string, number>; missing: string[] } {
  const columns: Record<string, number> = {};
  const missing: string[] = [];
  for (const [field, header] of Object.entries(mapping)) {
    const index = headers.indexOf(header);
    if (index < 0) missing.push(header);
    else columns[field] = index;
  }
  return { columns, missing };
}
