import type pg from 'pg';
import type { KnowledgeKind, KnowledgeSource, ProfileQuestionId } from '../../contracts/knowledge';

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
}

/** Adds one entry to a workspace's knowledge base; returns its id. */
export async function insertKnowledgeEntry(db: Db, workspaceId: string, e: NewKnowledgeEntry): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into knowledge_entries (workspace_id, kind, question_id, title, body, price_cents, duration, url, author, source, source_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [workspaceId, e.kind, e.questionId ?? null, e.title, e.body, e.priceCents ?? null, e.duration ?? null, e.url ?? null, e.author ?? null, e.source ?? 'typed', e.sourceUrl ?? null],
  );
  return rows[0]!.id;
}
