import type { Request, Response } from 'express';
import type pg from 'pg';
import { once } from 'node:events';
import { leadFiltersSchema } from '../../../contracts/leads';
import { exportLeadsCsv, leadsCsvHeader } from '../../../db/leads/export-leads';
import { recordAudit } from '../../../db/audit/record-audit';
import { currentActor, currentUser } from '../../http/routers';
import { parseQuery } from '../../http/validate';

class ClientGone extends Error {}

async function untilDrained(res: Response): Promise<void> {
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
  if (res.destroyed) throw new ClientGone();
}

/**
 * GET /api/leads/export.csv: the filtered leads as CSV, streamed batch by batch from a server-side
 * cursor and waiting on the socket's backpressure (`res.write()` returning false), so 100k leads cost
 * the same memory as 1,000.
 */
export async function sendLeadsCsv(pool: pg.Pool, req: Request, res: Response) {
  const workspaceId = currentUser(req).workspaceId;
  const filters = parseQuery(leadFiltersSchema, req);
  // An export is a read: recorded before the first row goes out, in its own statement.
  await recordAudit(pool, currentActor(req), { action: 'leads.exported', target: { type: 'leads' }, details: { filters } });
  const day = new Date().toISOString().slice(0, 10);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="leads-${day}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  // A BOM so spreadsheet apps read the file as UTF-8 (names with accents, emoji).
  res.write(`\uFEFF${leadsCsvHeader}`);
  try {
    // A promise only when the socket's buffer is full, resolved when it drains or closes.
    await exportLeadsCsv(pool, workspaceId, filters, (csv) => {
      if (res.destroyed) throw new ClientGone();
      return res.write(csv) ? undefined : untilDrained(res);
    });
  } catch (err) {
    if (err instanceof ClientGone) return;
    // Headers are gone: the only honest signal left is a cut-off response, never a 200 that looks whole.
    res.destroy(err instanceof Error ? err : undefined);
    return;
  }
  res.end();
}
