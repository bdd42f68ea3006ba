import type pg from 'pg';
import { createLeadBodySchema, listLeadsQuerySchema, updateLeadBodySchema } from '../../../contracts/leads';
import type { Figures } from '../../../contracts/figures';
import { readFigures } from '../../../db/figures/read-figures';
import { getLead, listLeads } from '../../../db/leads/read-leads';
import { createLead, deleteLead, updateLead } from '../../../db/leads/write-leads';
import { AppError } from '../../http/errors';
import type { Reads } from '../../http/read-your-writes';
import { authedRouter, can, currentActor, currentUser, idParam } from '../../http/routers';
import { auditedDelete } from '../../../db/audit/record-audit';
import { parseBody, parseQuery } from '../../http/validate';
import { sendLeadsCsv } from './leads-export';

const notFound = () => new AppError('NOT_FOUND', 'Lead not found');

/** Sales Leads (docs/product-spec.md §2, §7), mounted at /api/leads; the export and the figures read from the read replica when there is one (ADR 0039). */
export function leadsRoutes(pool: pg.Pool, reads: Reads) {
  const router = authedRouter({ read: 'workspace:read', write: 'leads:write' });

  router.get('/', async (req, res) => {
    res.json(await listLeads(pool, currentUser(req).workspaceId, parseQuery(listLeadsQuerySchema, req)));
  });

  router.get('/export.csv', can('leads:export'), async (req, res) => sendLeadsCsv(await reads.for(req), req, res));

  /**
   * The spec's four cards (Total Leads, Conversions, Revenue, Avg. Revenue) and the rest of the
   * glossary's figures, since the workspace began: the same definitions as Analytics (db/figures/).
   */
  router.get('/summary', async (req, res) => {
    const body: Figures = await readFigures(await reads.for(req), currentUser(req).workspaceId, { kind: 'all' });
    res.json(body);
  });

  router.get('/:id', async (req, res) => {
    const lead = await getLead(pool, currentUser(req).workspaceId, idParam(req));
    if (!lead) throw notFound();
    res.json(lead);
  });

  router.post('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const { lead, created } = await createLead(pool, workspaceId, parseBody(createLeadBodySchema, req));
    // An email the workspace already has is that lead (dedupe), not a new one.
    res.status(created ? 201 : 200).json(lead);
  });

  router.patch('/:id', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const id = idParam(req);
    const updated = await updateLead(pool, workspaceId, id, parseBody(updateLeadBodySchema, req));
    if (updated === 'not_found') throw notFound();
    if (updated === 'email_taken') {
      throw new AppError('CONFLICT', 'Another lead already has this email', [{ path: 'email', message: 'Another lead already has this email' }]);
    }
    res.json(updated);
  });

  router.delete('/:id', async (req, res) => {
    const { workspaceId } = currentActor(req);
    const id = idParam(req);
    const gone = await auditedDelete(
      pool,
      currentActor(req),
      (client) => getLead(client, workspaceId, id),
      (client) => deleteLead(client, workspaceId, id),
      (lead) => ({ action: 'lead.deleted', target: { type: 'lead', id, label: lead.name || lead.email || null } }),
    );
    if (!gone) throw notFound();
    res.status(204).end();
  });

  return router;
}
