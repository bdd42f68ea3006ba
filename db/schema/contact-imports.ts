import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { users } from './users';

/**
 * A contact import (ADR 0044, docs/api-import-mcp.md): the uploaded CSV, parsed once into
 * `contact_import_chunks`, then written into `leads` one chunk per transaction by the
 * `contacts.import` job. `next_chunk` is the cursor, advanced in the same transaction as the chunk's
 * writes: a crash resumes at the first uncommitted chunk and no row is imported twice.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    /** Who started it; null once they delete their account (the import stays). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull().default(''),
    status: text('status').notNull().default('queued'),
    /** contact field → CSV header (contracts/contact-import.ts). */
    mapping: jsonb('mapping').notNull(),
    /** The CSV's header row, in order: each chunk row's values follow it. */
    headers: text('headers').array().notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Data rows in the file (well-formed or not). */
    totalRows: integer('total_rows').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    /** The cursor: chunks below it are committed. */
    nextChunk: integer('next_chunk').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('contact_imports_workspace_key').on(t.workspaceId, t.id),
    index('contact_imports_created_by_idx').on(t.createdBy),
    check('contact_imports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** The upload, 1,000 rows a chunk: `[line, values[]]` pairs (line = the CSV line the record starts on). */
export const contactImportChunks = pgTable(
  'contact_import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    seq: integer('seq').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [
    uniqueIndex('contact_import_chunks_key').on(t.importId, t.seq),
    uniqueIndex('contact_import_chunks_workspace_key').on(t.workspaceId, t.importId, t.seq),
  ],
);

/** A row that was not imported, with its CSV line and why: the "rejected rows" download. */
export const contactImportRejections = pgTable(
  'contact_import_rejections',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    /** The row's values as read (empty for a line the parser could not read). */
    values: text('values').array().notNull(),
  },
  (t) => [
    uniqueIndex('contact_import_rejections_key').on(t.importId, t.line),
    uniqueIndex('contact_import_rejections_workspace_key').on(t.workspaceId, t.importId, t.line),
  ],
);
