import type { z } from 'zod';
import type { GraphClient } from './graph-client';

/** What reading a Graph listing needs: the client, the token, the page size and the pacing hook. */
export interface GraphPaging {
  client: GraphClient;
  token: string;
  pageSize: number;
  /** Awaited before every Graph call: the account's read bucket (pacing). */
  beforeCall: () => Promise<void>;
}

/** Reads a listing page by page (`after` cursor) while `paging.next` is present, `onPage` wants more, and pages remain. */
export async function pageThrough<
  S extends z.ZodType<{ data: unknown[]; paging?: { cursors?: { after?: string | undefined } | undefined; next?: string | undefined } | undefined }>,
>(o: GraphPaging, path: string, query: Record<string, string>, schema: S, maxPages: number, onPage: (items: z.infer<S>['data']) => boolean): Promise<void> {
  let after: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    await o.beforeCall();
    const body = schema.parse(await o.client.call('GET', path, o.token, { query: { ...query, limit: String(o.pageSize), ...(after ? { after } : {}) } }));
    const more = onPage(body.data);
    after = body.paging?.cursors?.after;
    if (!more || !body.paging?.next || !after) return;
  }
}

/** Graph times: ISO 8601 with a `+0000` offset (Date.parse accepts it), or Unix seconds. */
export function metaTime(t: string | number): number {
  const ms = typeof t === 'number' || /^\d+$/.test(t) ? Number(t) * 1000 : Date.parse(t);
  if (!Number.isFinite(ms)) throw new Error(`not a Graph timestamp: ${t}`);
  return ms;
}
