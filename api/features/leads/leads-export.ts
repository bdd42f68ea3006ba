import type { Request, Response } from 'express';
import type pg from 'pg';
import { once } from 'node:events';
import { leadFiltersSchema } from '../../../contracts/leads';
import { exportLeads } from '../../../db/leads/export-leads';
import { currentUser } from '../../http/routers';
import { parseQuery } from '../../http/validate';
import { csvHeader, csvRow } from './leads.csv';

class ClientGone extends Error {}

/**
 * GET /api/leads/export.csv: the filtered leads as CSV, streamed batch by batch from a server-side
 * cursor and waiting on the socket's backpressure, so 100k leads cost the same memory as 1,000.
 */
export async function sendLeadsCsv(pool: pg.Pool, req: Request, res: Response) {
  const workspaceId = currentUser(req).workspaceId;
  const filters = parseQuery(leadFiltersSchema, req);
  const day = new Date().toISOString().slice(0, 10);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="leads-${day}.csv"`);
  res.setHeader('Cache-Control', 'no-store');
  // A BOM so spreadsheet apps read the file as UTF-8 (names with accents, emoji).
  res.write(`\uFEFF${csvHeader}`);
  try {
    await exportLeads(pool, workspaceId, filters, async (leads) => {
      if (res.destroyed) throw new ClientGone();
      if (!res.write(leads.map(csvRow).join(''))) {
        await Promise.race([once(res, 'drain'), once(res, 'close')]);
        if (res.destroyed) throw new ClientGone();
      }
    });
  } catch (err) {
    if (err instanceof ClientGone) return;
    // Headers are gone: the only honest signal left is a cut-off response, never a 200 that looks whole.
    res.destroy(err instanceof Error ? err : undefined);
    return;
  }
  res.end();
}
