import type pg from 'pg';
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_MAX_BYTES,
  importPreviewBodySchema,
  PREVIEW_ROWS,
  startImportBodySchema,
  type ImportPreview,
} from '../../../contracts/contact-import';
import { mappingColumns } from '../../../contracts/contact-import-row';
import { createImport } from '../../../db/contact-import/create-import';
import { getImport, readRejections } from '../../../db/contact-import/read-import';
import { AppError } from '../../http/errors';
import { authedRouter, can, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { readImportCsv, type CsvRow } from './read-import-csv';
import { rejectionsCsv } from './rejections-csv';

const notFound = () => new AppError('NOT_FOUND', 'Import not found');
const MB = 1024 * 1024;

function checkSize(csv: string) {
  const bytes = Buffer.byteLength(csv, 'utf8');
  if (bytes > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is ${(bytes / MB).toFixed(1)} MB; imports are limited to ${IMPORT_MAX_BYTES / MB} MB`);
  }
}

/**
 * Contact import (ADR 0044), mounted at /api/contacts/import behind its own JSON body limit
 * (api/http/app.ts). Editors and up start one (`contacts:import`); anyone in the workspace follows
 * its progress. The upload is stored and queued; the worker writes it (workers/jobs/contacts-import.job.ts).
 * Nothing here or there messages anyone: Meta allows a DM only after the person writes
 * (docs/platform-apis.md §2.1).
 */
export function contactImportRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'contacts:import' });

  router.post('/preview', async (req, res) => {
    const { csv } = parseBody(importPreviewBodySchema, req);
    checkSize(csv);
    const rows: string[][] = [];
    const read = await readImportCsv(csv, ([, values]) => {
      if (rows.length < PREVIEW_ROWS) rows.push(values);
    });
    const body: ImportPreview = {
      headers: read.headers,
      rows,
      totalRows: read.totalRows,
      errors: read.errors.slice(0, PREVIEW_ROWS).map(({ line, reason }) => ({ line, reason })),
    };
    res.json(body);
  });

  router.post('/', async (req, res) => {
    const body = parseBody(startImportBodySchema, req);
    checkSize(body.csv);
    const chunks: CsvRow[][] = [];
    let current: CsvRow[] = [];
    const read = await readImportCsv(body.csv, (row) => {
      current.push(row);
      if (current.length === IMPORT_CHUNK_ROWS) {
        chunks.push(current);
        current = [];
      }
    });
    if (current.length > 0) chunks.push(current);
    const { missing } = mappingColumns(body.mapping, read.headers);
    if (missing.length > 0) {
      throw new AppError(
        'BAD_REQUEST',
        `The file has no column "${missing[0]}"`,
        missing.map((h) => ({ path: 'mapping', message: `No column "${h}" in the header row` })),
      );
    }
    const id = await createImport(pool, currentActor(req), {
      fileName: body.fileName,
      headers: read.headers,
      mapping: body.mapping,
      tags: [...new Set(body.tags)],
      totalRows: read.totalRows,
      chunks,
      rejections: read.errors,
    });
    res.status(202).json(await getImport(pool, currentUser(req).workspaceId, id));
  });

  router.get('/:id', async (req, res) => {
    const found = await getImport(pool, currentUser(req).workspaceId, idParam(req));
    if (!found) throw notFound();
    res.json(found);
  });

  // The rejected rows hold people's data: for those who may import, like the leads export is for those who may export.
  router.get('/:id/rejected.csv', can('contacts:import'), async (req, res) => {
    const id = idParam(req);
    const found = await readRejections(pool, currentUser(req).workspaceId, id);
    if (!found) throw notFound();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="import-${id.slice(0, 8)}-rejected.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(rejectionsCsv(found.headers, found.rows));
  });

  return router;
}
