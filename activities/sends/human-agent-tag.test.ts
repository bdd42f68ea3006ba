import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/inbox';
import type { SendEntry } from '../../db/sends/send-entry';
import { metaDriver } from './meta';

const DAY = 24 * 3_600_000;

/** A Meta DM ledger row from `source`, `ageDays` after the contact's last message. */
function entry(source: string | null, ageDays: number): SendEntry {
  return {
    id: 'l1',
    workspace_id: 'w1',
    account_id: 'a1',
    kind: 'dm',
    target: 'igsid-1',
    text: 'hello',
    message_id: source === null ? null : 'm1',
    rule_id: null,
    status: 'queued',
    attempts: 0,
    scheduled_for: new Date(),
    not_yet: false,
    lease_live: null,
    send_lease_until: null,
    provider: 'meta',
    platform: 'instagram',
    external_id: 'ig-1',
    username: 'shop',
    account_status: 'active',
    is_active: true,
    access_token_enc: null,
    refresh_token_enc: null,
    token_expires_at: null,
    linked_external_id: 'page-1',
    profile: {},
    conversation_id: null,
    message_source: source,
    inbound_age_ms: ageDays * DAY,
    comment_age_ms: null,
  } as SendEntry;
}

/**
 * Meta's HUMAN_AGENT tag is for a person's reply only (docs/platform-apis.md §2.1; human takeover,
 * contracts/takeover.ts). Every message source the schema knows is checked, so a new automated
 * source is covered the day it is added: only `inbox` (a member's reply) may carry the tag.
 */
describe('HUMAN_AGENT: a person’s reply only, never an automated send', () => {
  const sources = [...messages.source.enumValues, null];

  it('only an inbox reply between 24 hours and 7 days gets the tag', () => {
    for (const source of sources) {
      const late = metaDriver.check(entry(source, 3));
      if (source === 'inbox') expect(late).toEqual({ plan: { humanAgentTag: true } });
      else expect(late, `source ${String(source)}`).toMatchObject({ error: expect.stringContaining('24-hour'), reason: 'window_closed' });
    }
  });

  it('inside the 24-hour window no send is tagged, a person’s included', () => {
    for (const source of sources) expect(metaDriver.check(entry(source, 0.5)), `source ${String(source)}`).toEqual({ plan: { humanAgentTag: false } });
  });
});
