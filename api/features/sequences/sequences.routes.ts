import type pg from 'pg';
import { createSequenceBodySchema, enrollBodySchema, updateSequenceBodySchema, type SequenceStep } from '../../../contracts/sequences';
import { replyOptionsErrors } from '../../../flow-compiler/reply-options-check';
import { enrollContact, unenrollContact } from '../../../db/sequences/enroll';
import { listContactEnrollments, listEnrollments, readSequenceFunnel, readSequenceFunnels } from '../../../db/sequences/read-enrollments';
import { createSequence, deleteSequence, getSequence, listSequences, lockSequence, updateSequence } from '../../../db/sequences/sequences';
import { auditedDelete, recordAudit, withAudit } from '../../../db/audit/record-audit';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

const notFound = () => new AppError('NOT_FOUND', 'Sequence not found');
const accountNotFound = () =>
  new AppError('BAD_REQUEST', 'No such account in this workspace', [{ path: 'accountId', message: 'No such account in this workspace' }]);

/**
 * A step's quick replies and buttons against Meta's rules across fields (docs/platform-apis.md §2.5),
 * as the flow compiler words them for a DM node: 400 naming the step. X contacts get the text alone.
 */
function checkSteps(steps: SequenceStep[] | undefined): void {
  const details = (steps ?? []).flatMap((s, i) =>
    replyOptionsErrors('instagramDM', s.message).map((message) => ({ path: `steps.${i}.message`, message: `Step ${i + 1}: ${message}` })),
  );
  if (details.length > 0) throw new AppError('BAD_REQUEST', details[0]!.message, details);
}

/** Sequences (ADR 0048), mounted at /api/sequences: editors manage them, agents enrol and unenrol contacts. */
export function sequencesRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'sequences:write' });

  const current = async (workspaceId: string, id: string) => {
    const s = await getSequence(pool, workspaceId, id);
    if (!s) throw notFound();
    return s;
  };

  router.get('/', async (req, res) => {
    res.json({ sequences: await listSequences(pool, currentUser(req).workspaceId) });
  });

  router.post('/', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const body = parseBody(createSequenceBodySchema, req);
    checkSteps(body.steps);
    const id = await withAudit(
      pool,
      currentActor(req),
      (client) => createSequence(client, workspaceId, body),
      (made) =>
        made !== 'account_not_found' && body.isActive ? { action: 'sequence.activated', target: { type: 'sequence', id: made, label: body.name } } : null,
    );
    if (id === 'account_not_found') throw accountNotFound();
    res.status(201).json(await current(workspaceId, id));
  });

  /** Every sequence's enrolments and drop-off per step (the Analytics card); before `/:id`. */
  router.get('/funnels', async (req, res) => {
    res.json({ sequences: await readSequenceFunnels(pool, currentUser(req).workspaceId) });
  });

  /** One contact's enrolments (the inbox's contact panel). */
  router.get('/contacts/:contactId', async (req, res) => {
    res.json({ enrollments: await listContactEnrollments(pool, currentUser(req).workspaceId, idParam(req, 'contactId')) });
  });

  router.get('/:id', async (req, res) => {
    res.json(await current(currentUser(req).workspaceId, idParam(req)));
  });

  router.patch('/:id', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const id = idParam(req);
    const body = parseBody(updateSequenceBodySchema, req);
    checkSteps(body.steps);
    // Turning it on or off is audited, in the transaction that does it.
    const result = await withTransaction(pool, async (client) => {
      const before = await lockSequence(client, workspaceId, id);
      if (!before) return 'not_found' as const;
      const done = await updateSequence(client, workspaceId, id, body);
      if (done === 'ok' && body.isActive !== undefined && body.isActive !== before.isActive)
        await recordAudit(client, currentActor(req), {
          action: body.isActive ? 'sequence.activated' : 'sequence.deactivated',
          target: { type: 'sequence', id, label: body.name ?? before.name },
        });
      return done;
    });
    if (result === 'not_found') throw notFound();
    if (result === 'account_not_found') throw accountNotFound();
    res.json(await current(workspaceId, id));
  });

  router.delete('/:id', async (req, res) => {
    const { workspaceId } = currentUser(req);
    const id = idParam(req);
    const gone = await auditedDelete(
      pool,
      currentActor(req),
      (client) => lockSequence(client, workspaceId, id),
      (client) => deleteSequence(client, workspaceId, id),
      (s) => ({ action: 'sequence.deleted', target: { type: 'sequence', id, label: s.name } }),
    );
    if (!gone) throw notFound();
    res.status(204).end();
  });

  /** Enrolments, newest first, each with every step's status. */
  router.get('/:id/enrollments', async (req, res) => {
    const enrollments = await listEnrollments(pool, currentUser(req).workspaceId, idParam(req));
    if (!enrollments) throw notFound();
    res.json({ enrollments });
  });

  /** Enrolments and drop-off per step (the Analytics of a sequence). */
  router.get('/:id/funnel', async (req, res) => {
    const funnel = await readSequenceFunnel(pool, currentUser(req).workspaceId, idParam(req));
    if (!funnel) throw notFound();
    res.json(funnel);
  });

  /** 201 with the new enrolment; 200 with the existing one when the contact is already enrolled. */
  router.post('/:id/enrollments', can('sequences:enroll'), async (req, res) => {
    const { workspaceId } = currentUser(req);
    const sequenceId = idParam(req);
    const { contactId } = parseBody(enrollBodySchema, req);
    const result = await withTransaction(pool, (c) => enrollContact(c, { workspaceId, sequenceId, contactId, source: 'api' }));
    if (result === 'sequence_not_found') throw notFound();
    if (result === 'contact_not_found') throw new AppError('NOT_FOUND', 'Contact not found');
    if (result === 'inactive') throw new AppError('CONFLICT', 'This sequence is turned off: turn it on to enrol contacts');
    if (result === 'wrong_account') throw new AppError('CONFLICT', 'This contact belongs to another account than the sequence’s');
    res.status(result.created ? 201 : 200).json({ enrollmentId: result.enrollmentId, created: result.created });
  });

  router.delete('/:id/enrollments/:contactId', can('sequences:enroll'), async (req, res) => {
    const { workspaceId } = currentUser(req);
    const sequenceId = idParam(req);
    const contactId = idParam(req, 'contactId');
    await current(workspaceId, sequenceId);
    if (!(await unenrollContact(pool, { workspaceId, sequenceId, contactId })))
      throw new AppError('NOT_FOUND', 'This contact is not enrolled in this sequence');
    res.status(204).end();
  });

  return router;
}
