import type pg from 'pg';
import { corpusEntry, seeded, type CorpusEntry } from './knowledge-corpus';

/** Workspaces with knowledge entries; returns the measured workspace's id. */
export async function seedKnowledge(pool: pg.Pool, n: { measuredEntries: number; otherWorkspaces: number; otherEntries: number }): Promise<string> {
  const t0 = performance.now();
  const ids = (
    await pool.query<{ id: string }>(`insert into workspaces (name) select 'bench ' || g from generate_series(0, $1) g returning id`, [n.otherWorkspaces])
  ).rows.map((r) => r.id);
  const r = seeded(42);
  const insert = async (workspaceId: string, entries: CorpusEntry[]) => {
    for (let i = 0; i < entries.length; i += 2000) {
      const batch = entries.slice(i, i + 2000);
      await pool.query(
        `insert into knowledge_entries (workspace_id, kind, title, body, price_cents, url)
         select $1, t.kind, t.title, t.body, t.cents, case when t.kind = 'page' then 'https://site.example/' || t.n end
         from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[]) as t(kind, title, body, cents, n)`,
        [
          workspaceId,
          batch.map((e) => e.kind),
          batch.map((e) => e.title),
          batch.map((e) => e.body),
          batch.map((e) => e.priceCents),
          batch.map((_, j) => i + j),
        ],
      );
    }
  };
  const measured = ids[0]!;
  await insert(
    measured,
    Array.from({ length: n.measuredEntries }, (_, i) => corpusEntry(r, i)),
  );
  for (const id of ids.slice(1))
    await insert(
      id,
      Array.from({ length: n.otherEntries }, (_, i) => corpusEntry(r, i)),
    );
  await pool.query('vacuum analyze knowledge_entries');
  console.log(`seeded ${n.measuredEntries + n.otherWorkspaces * n.otherEntries} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return measured;
}
