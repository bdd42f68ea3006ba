import type pg from 'pg';

/**
 * The cells directory (docs/scaling.md §3, ADR 0051): where each workspace, platform account and
 * session lives. Its own small database, shared by every cell's web tier; never on a cell's hot path
 * (web processes read it through a cache, api/cells/directory-cache.ts). Every change notifies
 * DIRECTORY_CHANNEL from a trigger, in the statement that makes it, so every cache follows a move.
 */

export const DIRECTORY_CHANNEL = 'replypilot_directory';

export type DirectoryKind = 'workspace' | 'account' | 'session';

export interface DirectoryEntry {
  kind: DirectoryKind;
  key: string;
  cell: string;
}

/** The platform account key: provider and the id Meta's `entry[].id` (or X's user id) carries. */
export const accountKey = (provider: string, externalId: string): string => `${provider}:${externalId}`;

/**
 * One table keyed by (kind, key): the three maps have the same shape and the same change feed.
 * Idempotent, so every web process may run it at start.
 */
export async function ensureDirectorySchema(pool: pg.Pool): Promise<void> {
  await pool.query(`
    select pg_advisory_xact_lock(hashtext('replypilot_directory_schema'));
    create table if not exists cell_directory (
      kind text not null check (kind in ('workspace', 'account', 'session')),
      key text not null,
      cell text not null,
      updated_at timestamptz not null default now(),
      primary key (kind, key)
    );
    create or replace function cell_directory_notify() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('${DIRECTORY_CHANNEL}', json_build_object('kind', old.kind, 'key', old.key, 'cell', null)::text);
        return old;
      end if;
      perform pg_notify('${DIRECTORY_CHANNEL}', json_build_object('kind', new.kind, 'key', new.key, 'cell', new.cell)::text);
      return new;
    end $$;
    drop trigger if exists cell_directory_notify on cell_directory;
    create trigger cell_directory_notify after insert or update or delete on cell_directory
      for each row execute function cell_directory_notify();
  `);
}

/** Places (or moves) an entry: the move of a workspace flips its entries with this, in one transaction. */
export async function placeInDirectory(pool: pg.Pool | pg.PoolClient, entry: DirectoryEntry): Promise<void> {
  await pool.query(
    `insert into cell_directory (kind, key, cell) values ($1, $2, $3)
     on conflict (kind, key) do update set cell = excluded.cell, updated_at = now()
     where cell_directory.cell <> excluded.cell`,
    [entry.kind, entry.key, entry.cell],
  );
}

export async function readDirectory(pool: pg.Pool | pg.PoolClient): Promise<DirectoryEntry[]> {
  const { rows } = await pool.query<DirectoryEntry>('select kind, key, cell from cell_directory');
  return rows;
}

export async function lookUpDirectory(pool: pg.Pool, kind: DirectoryKind, key: string): Promise<string | null> {
  const { rows } = await pool.query<{ cell: string }>('select cell from cell_directory where kind = $1 and key = $2', [kind, key]);
  return rows[0]?.cell ?? null;
}
