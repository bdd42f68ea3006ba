/**
 * Two ingest or wake statements at once (the webhook batcher keeps two in flight; other routes
 * ingest too) may deadlock: two wakes on Graphile's job rows (when a worker holds a shard's job both
 * insert a fresh one under that key, in an order the planner chooses), two stores on the unique
 * event keys (40P01). The loser is one statement rolled back whole, and a known event key or a
 * woken shard is a no-op, so it simply runs again — up to three times before its callers get an error (a webhook then answers 5xx and the
 * platform redelivers).
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3 || (err as { code?: string }).code !== '40P01') throw err;
    }
  }
}
