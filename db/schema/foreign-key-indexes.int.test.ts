import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';

// Every foreign key that cascades or restricts a parent's delete makes PostgreSQL look up the
// child rows by the key's columns. Without an index led by them that is a sequential scan of the
// child table per parent row deleted: deleting a workspace (account deletion, the demo clean-up)
// or a contact would read whole tables. This checks the migrated schema.

const { pool } = await useTestPool({ max: 1 });

describe('foreign keys', () => {
  it('each has an index whose leading columns are the key', async () => {
    const { rows } = await pool.query<{ fk: string }>(
      `select c.conrelid::regclass || ' (' || string_agg(a.attname, ', ' order by k.ord) || ') → ' || c.confrelid::regclass as fk
         from pg_constraint c
         join pg_namespace n on n.oid = c.connamespace and n.nspname = 'public'
         cross join lateral unnest(c.conkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        where c.contype = 'f'
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid
               and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
               and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
        group by c.oid, c.conrelid, c.confrelid
        order by 1`,
    );
    expect(rows.map((r) => r.fk)).toEqual([]);
  });
});
