import { z } from 'zod';

/**
 * Contact import (ADR 0044, docs/api-import-mcp.md): a CSV of the people a business already has,
 * written into its leads. POST /api/contacts/import/preview, POST /api/contacts/import,
 * GET /api/contacts/import/:id and its rejected rows as CSV.
 */

/** The file's limit, in UTF-8 bytes of the CSV text; larger answers 413. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** What the JSON body around a 20 MB CSV may weigh once its quotes and line breaks are escaped. */
export const IMPORT_BODY_LIMIT = '48mb';
/** Rows per chunk: one transaction and one cursor step each. */
export const IMPORT_CHUNK_ROWS = 1000;
export const PREVIEW_ROWS = 20;

/** The contact fields a CSV column may fill; `field:<key>` fills a custom field. */
export const importFields = ['name', 'email', 'phone', 'instagram', 'facebook', 'x'] as const;
export type ImportField = (typeof importFields)[number];
export const importFieldLabels: Record<ImportField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  instagram: 'Instagram handle/id',
  facebook: 'Facebook handle/id',
  x: 'X handle/id',
};

const customKey = /^field:[a-z][a-z0-9_]{0,39}$/;
const header = z.string().min(1, 'Pick a column').max(200);

/** contact field → the CSV header whose column fills it. */
export const importMappingSchema = z
  .record(
    z.string().refine((k) => (importFields as readonly string[]).includes(k) || customKey.test(k), {
      message: 'Map name, email, phone, instagram, facebook, x or field:<key> (lower case letters, digits, _)',
    }),
    header,
  )
  .refine((m) => importFields.some((f) => m[f] !== undefined), { message: 'Map at least one of name, email, phone, instagram, facebook or x' })
  .refine((m) => Object.keys(m).length <= 50, { message: 'At most 50 mapped columns' });
export type ImportMapping = z.infer<typeof importMappingSchema>;

const csvText = z.string().min(1, 'The CSV is empty');
const tag = z.string().trim().min(1).max(50, 'A tag is limited to 50 characters');

export const importPreviewBodySchema = z.object({ csv: csvText });

export const startImportBodySchema = z.object({
  csv: csvText,
  mapping: importMappingSchema,
  tags: z.array(tag).max(20, 'At most 20 tags').default([]),
  fileName: z.string().trim().max(200).default(''),
});
export type StartImportBody = z.input<typeof startImportBodySchema>;

/** A line the parser could not read, or a row that failed validation. */
export interface ImportLineError {
  line: number;
  reason: string;
}

export interface ImportPreview {
  headers: string[];
  /** The first data rows, values in header order. */
  rows: string[][];
  /** Data rows in the whole file. */
  totalRows: number;
  /** Lines the parser could not read (the first 20). */
  errors: ImportLineError[];
}

export const importStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export interface ContactImport {
  id: string;
  status: ImportStatus;
  fileName: string;
  tags: string[];
  totalRows: number;
  processedRows: number;
  created: number;
  /** Rows that matched a lead already there (or an earlier row) and filled its blanks. */
  updated: number;
  rejected: number;
  /** 0–100. */
  percent: number;
  /** Seconds left at the rate so far; null before the first chunk and once finished. */
  etaSeconds: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}
