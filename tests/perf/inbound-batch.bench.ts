import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { ingestEvents } from '../../db/inbound/ingest-events';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { tuning } from '../../config/tuning';
import { processInboundBatch, processInboundEvent } from '../../workers/inbound/process-batch';
import { benchDatabase, machine, signIn, spawnServer, uptime, writeResult } from './bench-kit';

/**
 * The inbound half alone, in this process (ADR 0020): node CPU and wall time per comment that a
 * rule answers (contact, comment, conversation, queued private reply with its slot and send job,
 * lead, activity, processed mark), processed one event per transaction (processInboundEvent, the
 * per-event path; Graphile's get_job/complete_job per job not included) and then in batches
 * (processInboundBatch, 100 per transaction). Sequential, one connection at a time: what it measures
 * is the node CPU of the round trips and the code, not concurrency. Each path gets its own account.
 */
const N = Number(process.env.BENCH_COMMENTS ?? 2000);
const ENCRYPTION_KEY = 'a'.repeat(64); // what spawnServer boots with

const { db, pool, stop } = await benchDatabase();
try {
  const web = await spawnServer('web', { DATABASE_URL: db.url });
  const { cookie, workspaceId } = await signIn(web.url);
  const rule = await fetch(`${web.url}/api/comment-rules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ platform: 'instagram', keywords: ['link'], responseTemplate: 'Here is your link, {first_name}' }),
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.status}`);
  await web.stop();
  const cipher = createTokenCipher(ENCRYPTION_KEY);
  const accounts = (
    await pool.query<{ id: string }>(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc)
       select $1, 'instagram', 'meta', 'ig-' || n, 'bench' || n, 'bench' || n, $2 from generate_series(1, 2) as n returning id`,
      [workspaceId, cipher.encrypt('EAAbench')],
    )
  ).rows.map((r) => r.id);
  const limits = sendLimitsFromConfig({ privateRepliesPerHour: 100_000_000 });
  const seed = async (tag: string, accountId: string) => {
    const now = new Date().toISOString();
    const res = await ingestEvents(
      pool,
      Array.from({ length: N }, (_, i) => ({
        provider: 'sandbox' as const,
        eventKey: `${tag}-${i}`,
        workspaceId,
        payload: {
          type: 'comment',
          accountId,
          postId: 'm1',
          commentId: `${tag}-${i}`,
          from: { id: `${tag}-fan-${i}`, name: `Fan ${i}`, username: `fan${i}` },
          text: 'link please',
          createdAt: now,
        },
      })),
    );
    return res.ids.filter((id): id is string => id !== null);
  };
  const measure = async (run: () => Promise<number>) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const n = await run();
    const c = process.cpuUsage(c0);
    return {
      comments: n,
      nodeCpuMsPerComment: Number(((c.user + c.system) / 1000 / n).toFixed(3)),
      wallMsPerComment: Number(((performance.now() - t0) / n).toFixed(3)),
    };
  };
  const loadBefore = uptime();
  const oneIds = await seed('one', accounts[0]!);
  const perEvent = await measure(async () => {
    for (const id of oneIds) await processInboundEvent(pool, id, { limits });
    return oneIds.length;
  });
  await seed('batch', accounts[1]!);
  const batched = await measure(async () => {
    let n = 0;
    for (let s = 0; s < tuning.inbound.shards; s++) {
      for (;;) {
        const b = await processInboundBatch(pool, { shard: s, size: 100 }, { limits });
        n += b.processed;
        if (b.claimed === 0) break;
      }
    }
    return n;
  });
  const ledger = (await pool.query<{ n: number }>("select count(*)::int as n from outbound_ledger where kind = 'private_reply'")).rows[0]!.n;
  if (ledger !== 2 * N) throw new Error(`expected ${2 * N} private replies queued, found ${ledger}`);
  const result = {
    benchmark: 'inbound-batch',
    date: new Date().toISOString(),
    machine: await machine(pool),
    uptime: { before: loadBefore, after: uptime() },
    settings: { comments: N, batchSize: 100, note: 'in-process, sequential; Graphile job overhead not included' },
    perEvent,
    batched,
    privateRepliesQueued: ledger,
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('inbound-batch', result);
} finally {
  await stop();
}
