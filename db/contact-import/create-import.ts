import type pg from 'pg';
import type { ImportMapping } from '../../contracts/contact-import';
import type { AuditActor } from '../audit/record-audit';
import { recordAudit } from '../audit/record-audit';
import { jobSpecRow } from '../jobs/job-spec';
import { withTransaction } from '../transaction';

export interface NewImport {
  fileName: string;
  headers: string[];
  mapping: ImportMapping;
  tags: string[];
  totalRows: number;
  /** `[line, values]` pairs, IMPORT_CHUNK_ROWS a chunk. */
  chunks: [number, string[]][][];
  /** Lines the parser could not read, rejected before any chunk runs. */
  rejections: { line: number; reason: string; values: string[] }[];
}

/**
 * Stores the upload and queues its job in one transaction (ADR 0044): the import row, its chunks
 * (one jsonb row each), the lines already rejected by the parser, the audit entry and the
 * `contacts.import` job. Nothing is written to leads here; a crash before the commit leaves nothing.
 */
export async function createImport(pool: pg.Pool, actor: AuditActor, input: NewImport): Promise<string> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into contact_imports (workspace_id, created_by, file_name, mapping, headers, tags, total_rows, chunk_count, rejected_count, processed_rows)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        actor.workspaceId,
        actor.userId,
        input.fileName,
        JSON.stringify(input.mapping),
        input.headers,
        input.tags,
        input.totalRows,
        input.chunks.length,
        input.rejections.length,
        // A line the parser could not read is done with (rejected) already; a wrong field count too.
        input.rejections.length,
      ],
    );
    const id = rows[0]!.id;
    // 20 chunks a statement: ~20k rows, a few MB of parameters, far from the protocol's limits.
    for (let i = 0; i < input.chunks.length; i += 20) {
      const batch = input.chunks.slice(i, i + 20);
      await client.query(
        `insert into contact_import_chunks (import_id, workspace_id, seq, rows)
         select $1, $2, $3::int + ord::int - 1, r from unnest($4::jsonb[]) with ordinality as t(r, ord)`,
        [id, actor.workspaceId, i, batch.map((c) => JSON.stringify(c))],
      );
    }
    if (input.rejections.length > 0) {
      await client.query(
        `insert into contact_import_rejections (import_id, workspace_id, line, reason, values)
         select $1, $2, r.line, r.reason, array(select jsonb_array_elements_text(r.values))
           from jsonb_to_recordset($3::jsonb) as r(line int, reason text, values jsonb)
         on conflict do nothing`,
        [id, actor.workspaceId, JSON.stringify(input.rejections)],
      );
    }
    await recordAudit(client, actor, {
      action: 'contacts.imported',
      target: { type: 'leads', label: input.fileName || null },
      details: { importId: id, rows: input.totalRows, tags: input.tags },
    });
    await client.query(
      `select graphile_worker.add_jobs(array[${jobSpecRow('contacts.import', { payload: "json_build_object('importId', $1::text)", keyOf: '$1::text' })}])`,
      [id],
    );
    return id;
  });
}
