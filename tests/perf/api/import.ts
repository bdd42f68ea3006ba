import type pg from 'pg';
import { signIn, spawnServer } from '../bench-kit';

/**
 * Contact import (ADR 0044), target: a 100,000-row CSV imported in ≤ 60 s, from the POST that
 * uploads it to the job's `done`, on the real server (web + worker) and a durable PostgreSQL.
 * 10 % of the rows match a lead already there by email (the dedupe path), 1 % are invalid
 * (rejected rows); the rest are new. Counts are checked against the database.
 */
const ROWS = 100_000;
const EXISTING = 10_000;

export async function run(dbUrl: string, pool: pg.Pool) {
  const server = await spawnServer('all', { DATABASE_URL: dbUrl });
  try {
    const { cookie, workspaceId } = await signIn(server.url);
    // Leads already there: every 10th row's email.
    await pool.query(
      `insert into leads (workspace_id, name, email, source) select $1, 'Existing ' || g, 'person' || (g * 10) || '@example.com', 'manual' from generate_series(1, $2) g`,
      [workspaceId, EXISTING],
    );
    const lines = ['Name,Email,Phone,Instagram,Plan'];
    for (let i = 1; i <= ROWS; i++) {
      const email = i % 100 === 7 ? 'not-an-email' : `person${i}@example.com`;
      lines.push(`Person ${i},${email},+1 555 ${String(i).padStart(7, '0')},@person.${i},${i % 3 === 0 ? 'gold' : 'basic'}`);
    }
    const csv = lines.join('\n');
    const mapping = { name: 'Name', email: 'Email', phone: 'Phone', instagram: 'Instagram', 'field:plan': 'Plan' };
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/contacts/import`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ csv, mapping, tags: ['bench'], fileName: 'bench.csv' }),
    });
    const started = (await res.json()) as { id: string };
    if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(started)}`);
    const uploadSeconds = (performance.now() - t0) / 1000;
    let state: { status: string; created: number; updated: number; rejected: number; processedRows: number; etaSeconds: number | null };
    const etas: number[] = [];
    for (;;) {
      const poll = await fetch(`${server.url}/api/contacts/import/${started.id}`, { headers: { cookie } });
      state = (await poll.json()) as typeof state;
      if (state.etaSeconds !== null) etas.push(state.etaSeconds);
      if (state.status === 'done' || state.status === 'failed') break;
      if (performance.now() - t0 > 300_000) throw new Error(`import not done after 300 s: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const totalSeconds = (performance.now() - t0) / 1000;
    const leads = (await pool.query<{ n: number }>(`select count(*)::int as n from leads where workspace_id = $1`, [workspaceId])).rows[0]!.n;
    const expectedRejected = ROWS / 100;
    // Every existing lead's email is a row's (row 10g); no invalid row (i % 100 === 7) is one of them.
    const ok =
      state.status === 'done' &&
      state.rejected === expectedRejected &&
      state.updated === EXISTING &&
      state.created === ROWS - EXISTING - expectedRejected &&
      leads === EXISTING + state.created;
    const result = {
      rows: ROWS,
      existingLeads: EXISTING,
      csvMB: +(Buffer.byteLength(csv) / 2 ** 20).toFixed(1),
      uploadSeconds: +uploadSeconds.toFixed(2),
      totalSeconds: +totalSeconds.toFixed(2),
      rowsPerSecond: Math.round(ROWS / totalSeconds),
      created: state.created,
      updated: state.updated,
      rejected: state.rejected,
      leadsAfter: leads,
      countsCheck: ok ? 'ok' : 'MISMATCH',
      firstEtaSeconds: etas[0] ?? null,
      target: 'totalSeconds ≤ 60',
      met: ok && totalSeconds <= 60,
    };
    console.log('import:', result);
    return result;
  } finally {
    await server.stop();
  }
}
