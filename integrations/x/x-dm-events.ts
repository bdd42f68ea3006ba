import { z } from 'zod';
import { call, type XClientConfig } from './x-api';

/** One DM event as the lookup answers with `dm_event.fields=id,text,event_type,created_at,sender_id` (docs/platform-apis.md §4.2). */
const dmEvent = z
  .object({
    id: z.string().min(1),
    event_type: z.string().optional(),
    text: z.string().optional(),
    sender_id: z.string().optional(),
    created_at: z.string().optional(),
  })
  .loose();
const dmEventsPage = z
  .object({
    data: z.array(dmEvent).optional(),
    meta: z.object({ result_count: z.number().optional(), next_token: z.string().optional() }).loose().optional(),
  })
  .loose();

/** Our DMs to the person with the text since the send began (newest first), and whether the page read reaches back past it. */
export interface XDmLookup {
  candidates: string[];
  complete: boolean;
}

/**
 * Our DMs to one person read back (§4.2): `GET /2/dm_conversations/with/:participant_id/dm_events`,
 * newest first, one page of `maxResults`; the `MessageCreate` events sent by `ownId` with `text`
 * since `since` are the candidates. One read (X allows 15 per 15 minutes per user, §4.3).
 */
export async function xFindSentDm(
  c: Pick<XClientConfig, 'apiBaseUrl' | 'timeoutMs'>,
  token: string,
  q: { participantId: string; ownId: string; text: string; since: Date; maxResults: number },
): Promise<XDmLookup> {
  const params = new URLSearchParams({
    'dm_event.fields': 'id,text,event_type,created_at,sender_id',
    event_types: 'MessageCreate',
    max_results: String(Math.min(100, Math.max(1, q.maxResults))),
  });
  const page = dmEventsPage.parse(
    await call(c, `/2/dm_conversations/with/${encodeURIComponent(q.participantId)}/dm_events?${params}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  const events = page.data ?? [];
  const since = q.since.getTime();
  const at = (e: z.infer<typeof dmEvent>) => (e.created_at ? Date.parse(e.created_at) : Number.NaN);
  const candidates = events
    .filter((e) => e.sender_id === q.ownId && (e.event_type ?? 'MessageCreate') === 'MessageCreate' && at(e) >= since && sameText(e.text ?? '', q.text))
    .map((e) => e.id);
  const oldest = events.at(-1);
  return { candidates, complete: !page.meta?.next_token || (oldest !== undefined && at(oldest) < since) };
}

const TCO = /https:\/\/t\.co\/\w+/g;

/**
 * X wraps every link in a DM with t.co (§4.2), so the text it reads back is not the text we sent
 * when that had a link: each t.co link stands for one run of non-spaces of ours. Comparing exactly
 * would call a delivered DM "not found", and a retry would send it twice.
 */
function sameText(theirs: string, ours: string): boolean {
  const [t, o] = [theirs.trim(), ours.trim()];
  if (t === o) return true;
  if (!t.includes('https://t.co/')) return false;
  const pattern = t
    .split(TCO)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\S+');
  return new RegExp(`^${pattern}$`).test(o);
}
