import type pg from 'pg';
import type { ContactImport, ImportStatus } from '../../contracts/contact-import';

interface ImportRowDb {
  id: string;
  status: ImportStatus;
  file_name: string;
  tags: string[];
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  rejected_count: number;
  next_chunk: number;
  chunk_count: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  elapsed_s: number | null;
}

/** An import of this workspace with its progress and ETA, or null (another workspace's id too). */
export async function getImport(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<ContactImport | null> {
  const { rows } = await db.query<ImportRowDb>(
    `select id, status, file_name, tags, total_rows, processed_rows, created_count, updated_count, rejected_count,
            next_chunk, chunk_count, created_at, started_at, finished_at,
            extract(epoch from now() - started_at)::float8 as elapsed_s
       from contact_imports where workspace_id = $1 and id = $2`,
    [workspaceId, id],
  );
  const r = rows[0];
  if (!r) return null;
  const finished = r.status === 'done' || r.status === 'failed';
  // The rate so far, in chunks (each ~the same size): seconds per chunk × chunks left.
  const eta = !finished && r.next_chunk > 0 && r.elapsed_s !== null ? Math.ceil((r.elapsed_s / r.next_chunk) * (r.chunk_count - r.next_chunk)) : null;
  return {
    id: r.id,
    status: r.status,
    fileName: r.file_name,
    tags: r.tags,
    totalRows: r.total_rows,
    processedRows: r.processed_rows,
    created: r.created_count,
    updated: r.updated_count,
    rejected: r.rejected_count,
    percent: r.status === 'done' ? 100 : r.total_rows === 0 ? 0 : Math.min(99, Math.floor((r.processed_rows / r.total_rows) * 100)),
    etaSeconds: eta,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

/** The import's rejected rows in line order, with the file's headers: the errors download. */
export async function readRejections(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  id: string,
): Promise<{ headers: string[]; rows: { line: number; reason: string; values: string[] }[] } | null> {
  const head = await db.query<{ headers: string[] }>(`select headers from contact_imports where workspace_id = $1 and id = $2`, [workspaceId, id]);
  if (!head.rows[0]) return null;
  const { rows } = await db.query<{ line: number; reason: string; values: string[] }>(
    `select line, reason, values from contact_import_rejections where workspace_id = $1 and import_id = $2 order by line`,
    [workspaceId, id],
  );
  return { headers: head.rows[0].headers, rows };
}
