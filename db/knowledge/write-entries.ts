import type pg from 'pg';
import { z } from 'zod';
import {
  defaultVisibility,
  profileQuestionTitles,
  type KnowledgeEntry,
  type KnowledgeKind,
  type KnowledgeSource,
  type KnowledgeVisibility,
  type ProfileQuestionId,
} from '../../contracts/knowledge';
import type { EntryColumns } from './entry-fields';
import { entryColumns, entryRow, toEntry } from './entry-row';

type Db = Pick<pg.Pool, 'query'>;

/** What a new entry carries; the API validates it first (contracts/knowledge.ts). */
export interface NewKnowledgeEntry {
  kind: KnowledgeKind;
  title: string;
  body: string;
  questionId?: ProfileQuestionId | null;
  priceCents?: number | null;
  duration?: string | null;
  url?: string | null;
  author?: string | null;
  source?: KnowledgeSource;
  sourceUrl?: string | null;
  /** Omitted: the kind's default (`defaultVisibility`: documents internal, the rest public). */
  visibility?: KnowledgeVisibility | undefined;
}

/** Adds one entry to a workspace's knowledge base; returns its id. */
export async function insertKnowledgeEntry(db: Db, workspaceId: string, e: NewKnowledgeEntry): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into knowledge_entries (workspace_id, kind, question_id, title, body, price_cents, duration, url, author, source, source_url, visibility)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      workspaceId,
      e.kind,
      e.questionId ?? null,
      e.title,
      e.body,
      e.priceCents ?? null,
      e.duration ?? null,
      e.url ?? null,
      e.author ?? null,
      e.source ?? 'typed',
      e.sourceUrl ?? null,
      e.visibility ?? defaultVisibility(e.kind),
    ],
  );
  return rows[0]!.id;
}

/**
 * Replaces the person-editable columns of one entry (the route merges a PATCH into the entry's
 * current fields first); undefined when the id is not this workspace's.
 */
export async function updateKnowledgeEntry(db: Db, workspaceId: string, id: string, c: EntryColumns): Promise<KnowledgeEntry | undefined> {
  const { rows } = await db.query(
    `update knowledge_entries
     set title = $3, body = $4, price_cents = $5, duration = $6, url = $7, author = $8,
         visibility = coalesce($9, visibility), updated_at = now()
     where workspace_id = $1 and id = $2
     returning ${entryColumns}`,
    [workspaceId, id, c.title, c.body, c.priceCents, c.duration, c.url, c.author, c.visibility ?? null],
  );
  return rows[0] ? toEntry(entryRow.parse(rows[0])) : undefined;
}

/** False when the id is not this workspace's. */
export async function deleteKnowledgeEntry(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from knowledge_entries where workspace_id = $1 and id = $2', [workspaceId, id]);
  return rowCount !== 0;
}

/**
 * The answer to one profile question: one row per (workspace, question) by the partial unique
 * index knowledge_entries_profile_question_key, so answering again replaces the answer. A new
 * answer is public unless `visibility` says otherwise; a replaced one keeps its visibility unless
 * `visibility` is given (the onboarding re-answering must not publish what the owner made internal).
 */
export async function upsertProfileAnswer(
  db: Db,
  workspaceId: string,
  questionId: ProfileQuestionId,
  answer: string,
  source: KnowledgeSource,
  visibility?: KnowledgeVisibility,
): Promise<{ entry: KnowledgeEntry; created: boolean }> {
  const { rows } = await db.query(
    `insert into knowledge_entries (workspace_id, kind, question_id, title, body, source, visibility)
     values ($1, 'profile', $2, $3, $4, $5, coalesce($6, '${defaultVisibility('profile')}'))
     on conflict (workspace_id, question_id) where kind = 'profile'
     do update set body = excluded.body, title = excluded.title, source = excluded.source,
                   visibility = coalesce($6, knowledge_entries.visibility), updated_at = now()
     returning ${entryColumns}, (xmax = 0) as created`,
    [workspaceId, questionId, profileQuestionTitles[questionId], answer, source, visibility ?? null],
  );
  const row = rows[0] as unknown;
  return { entry: toEntry(entryRow.parse(row)), created: z.object({ created: z.boolean() }).parse(row).created };
}
