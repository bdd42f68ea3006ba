import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/** The tenant column every tenant table carries (ARCHITECTURE.md#security). */
export const workspaceIdColumn = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's full-text document type (drizzle has none). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
