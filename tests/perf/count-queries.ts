import { writeFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Bench-only preload (`--import ./tests/perf/count-queries.ts`, set by spawnServer when
 * BENCH_COUNT_QUERIES=<file>): counts every query a process sends to PostgreSQL (by prepared name,
 * else by the statement's first words) and every NOTIFY it receives, and writes the cumulative
 * counts to <file> as JSON every 500 ms. A benchmark diffs two reads to get round trips per comment.
 */
const file = process.env.BENCH_COUNT_QUERIES;
if (file) {
  const queries = new Map<string, number>();
  const notifications = new Map<string, number>();
  const keyOf = (config: unknown): string => {
    if (typeof config === 'string') return config.replace(/\s+/g, ' ').trim().slice(0, 70);
    const c = config as { name?: string; text?: string } | null;
    if (c?.name) return `[${c.name}]`;
    return (c?.text ?? '?').replace(/\s+/g, ' ').trim().slice(0, 70);
  };
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; emit: (event: string, ...args: unknown[]) => boolean };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const k = keyOf(args[0]);
    queries.set(k, (queries.get(k) ?? 0) + 1);
    return query.apply(this, args);
  };
  const emit = proto.emit;
  proto.emit = function (this: unknown, event: string, ...args: unknown[]) {
    if (event === 'notification') {
      const channel = (args[0] as { channel?: string } | undefined)?.channel ?? '?';
      notifications.set(channel, (notifications.get(channel) ?? 0) + 1);
    }
    return emit.call(this, event, ...args);
  };
  const write = () => writeFileSync(file, JSON.stringify({ queries: Object.fromEntries(queries), notifications: Object.fromEntries(notifications) }));
  setInterval(write, 500).unref();
}
