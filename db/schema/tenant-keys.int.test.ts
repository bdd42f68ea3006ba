import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';

// Every tenant table carries its tenant key in a key: a table with a `workspace_id`
// has a primary key or a unique index that includes `workspace_id`, covers every row (not partial)
// and whose other columns are plain NOT NULL columns, so `(workspace_id, …)` names any one row of a
// workspace. That is what moving a workspace to another database, or distributing the tables by
// workspace later (Citus requires the distribution column in every unique constraint), needs.
// This reads the migrated database's catalog, so a table added later is checked too.
//
// Exempt: `users` (a person, who will belong to several workspaces once memberships exist) and
// the session store; Graphile Worker's tables are in their own schema and have no workspace_id.

const EXEMPT = ['users', 'user_sessions'];

const { pool } = await useTestPool({ max: 1 });

describe('tenant keys', () => {
  it('every table with a workspace_id has a unique key that includes it', async () => {
    const { rows } = await pool.query<{ table: string }>(
      `select c.relname as table
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         join pg_attribute w on w.attrelid = c.oid and w.attname = 'workspace_id' and not w.attisdropped
        where c.relkind in ('r', 'p') and c.relname <> all($1::text[])
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.oid and i.indisunique and i.indisvalid and i.indpred is null
               and w.attnum = any((i.indkey::int2[])[0:i.indnkeyatts - 1])
               -- plain columns only (no expression), each NOT NULL except workspace_id itself
               and not exists (
                 select 1 from unnest((i.indkey::int2[])[0:i.indnkeyatts - 1]) k(attnum)
                 left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
                  where k.attnum = 0 or (a.attnum <> w.attnum and not a.attnotnull)))
        order by 1`,
      [EXEMPT],
    );
    expect(rows.map((r) => r.table)).toEqual([]);
  });

  it('looks at the tables it should (the check is not vacuous)', async () => {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns where table_schema = 'public' and column_name = 'workspace_id'`,
    );
    // Messages, conversations, the ledger, flow runs… (35 when this test was written).
    expect(rows[0]!.n).toBeGreaterThan(30);
  });
});
