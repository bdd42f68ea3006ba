import type pg from 'pg';
import { z } from 'zod';
import {
  createKnowledgeBodySchema,
  documentFieldsSchema,
  entryToFields,
  listKnowledgeQuerySchema,
  profileAnswerBodySchema,
  profileQuestionIds,
  updateKnowledgeBodySchemas,
} from '../../../contracts/knowledge';
import { fieldsToColumns } from '../../../db/knowledge/entry-fields';
import { getEntry, listEntries } from '../../../db/knowledge/read-entries';
import { deleteKnowledgeEntry, updateKnowledgeEntry, upsertProfileAnswer } from '../../../db/knowledge/write-entries';
import { AppError } from '../../http/errors';
import { createKnowledgeEntry } from './create-knowledge-entry';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { auditedDelete } from '../../../db/audit/record-audit';
import { parseBody, parseQuery, parseWith } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Knowledge entry not found');
const questionIdSchema = z.enum(profileQuestionIds, { error: `Question must be one of ${profileQuestionIds.join(', ')}` });

/** The knowledge base (what the AI assistant answers from), mounted at /api/knowledge. */
export function knowledgeRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'knowledge:write' });

  router.get('/', async (req, res) => {
    res.json(await listEntries(pool, currentUser(req).workspaceId, parseQuery(listKnowledgeQuerySchema, req)));
  });

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { entry, created } = await createKnowledgeEntry(pool, workspaceId, parseBody(createKnowledgeBodySchema, req));
    res.status(created ? 201 : 200).json(entry);
  });

  router.put('/profile/:questionId', async (req, res) => {
    const parsed = questionIdSchema.safeParse(req.params.questionId);
    if (!parsed.success) throw new AppError('NOT_FOUND', `No profile question ${req.params.questionId}; questions are ${profileQuestionIds.join(', ')}`);
    const body = parseBody(profileAnswerBodySchema, req);
    const { entry, created } = await upsertProfileAnswer(pool, currentUser(req).workspaceId, parsed.data, body.answer, body.source, body.visibility);
    res.status(created ? 201 : 200).json(entry);
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const entry = await getEntry(pool, workspaceId, id);
    if (!entry) throw notFound();
    // The kind never changes, so the patch is checked against the fields of the entry's own kind.
    const patch = parseBody(updateKnowledgeBodySchemas[entry.kind], req);
    const merged = { ...entryToFields(entry), ...definedOnly(patch), kind: entry.kind };
    const updated = await updateKnowledgeEntry(pool, workspaceId, id, fieldsToColumns(parseMerged(merged)));
    if (!updated) throw notFound();
    res.json(updated);
  });

  router.delete('/:id', async (req, res) => {
    const { workspaceId } = currentActor(req);
    const id = idParam(req);
    const gone = await auditedDelete(
      pool,
      currentActor(req),
      (client) => getEntry(client, workspaceId, id),
      (client) => deleteKnowledgeEntry(client, workspaceId, id),
      (entry) => ({ action: 'knowledge.deleted', target: { type: 'knowledge', id, label: entry.title } }),
    );
    if (!gone) throw notFound();
    res.status(204).end();
  });

  return router;
}

function definedOnly(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** The merged entry is re-validated whole, so a patch cannot leave it in a state a create would refuse. */
function parseMerged(merged: Record<string, unknown>) {
  if (merged.kind === 'page') {
    const { kind: _kind, ...fields } = merged;
    return { ...parseWith(documentFieldsSchema.strict(), fields, 'Invalid page'), kind: 'page' as const };
  }
  return parseWith(createKnowledgeBodySchema, merged, 'Invalid entry');
}
