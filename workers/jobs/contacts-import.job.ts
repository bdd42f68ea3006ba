import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { jobs } from '../../contracts/jobs';
import { importNextChunk } from '../../db/contact-import/import-chunk';

/**
 * `contacts.import` (queued with the upload, db/contact-import/create-import.ts): the import's
 * chunks, one committed transaction each, until none is left. A crash or a failed chunk fails the
 * job; Graphile retries it and it resumes at the committed cursor (ADR 0044).
 */
export function contactsImportJob(pool: pg.Pool): Task {
  return async (payload) => {
    const { importId } = jobs['contacts.import'].payload.parse(payload);
    let outcome = await importNextChunk(pool, importId);
    while (outcome === 'more') outcome = await importNextChunk(pool, importId);
  };
}
