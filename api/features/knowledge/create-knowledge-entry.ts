import type pg from 'pg';
import type { CreateKnowledgeBody, KnowledgeEntry } from '../../../contracts/knowledge';
import { fieldsToColumns } from '../../../db/knowledge/entry-fields';
import { getEntry } from '../../../db/knowledge/read-entries';
import { insertKnowledgeEntry, upsertProfileAnswer } from '../../../db/knowledge/write-entries';

/**
 * A new knowledge entry, from the Knowledge page or the public API. One answer per profile
 * question: posting one again replaces it (same as PUT /api/knowledge/profile/:questionId).
 */
export async function createKnowledgeEntry(
  pool: pg.Pool,
  workspaceId: string,
  body: CreateKnowledgeBody,
): Promise<{ entry: KnowledgeEntry; created: boolean }> {
  if (body.kind === 'profile') return upsertProfileAnswer(pool, workspaceId, body.questionId, body.answer, 'typed', body.visibility);
  const id = await insertKnowledgeEntry(pool, workspaceId, { kind: body.kind, ...fieldsToColumns(body), questionId: null });
  const entry = await getEntry(pool, workspaceId, id);
  if (!entry) throw new Error(`knowledge entry ${id} vanished after insert`);
  return { entry, created: true };
}
