import { classifyGraphError } from '../../integrations/meta/classify-graph-error';
import { metaPublicReply, metaSendMessage, metaSenderOf, metaTextLimitError } from '../../integrations/meta/meta-send';
import type { SendDriver } from './at-most-once';
import { checkSendWindow } from '../send-windows';

export { UNCERTAIN_AFTER_CRASH } from './at-most-once';

/**
 * Meta (Messenger, Instagram): text limits and the messaging windows (24 h, HUMAN_AGENT 7 days
 * for a person, private reply 7 days from the comment) before the call; the Send API, private
 * replies by comment id and public replies as the call (docs/platform-apis.md §2). Our `metadata`
 * (`rp:<ledgerId>`) comes back in the echo, which is how echoes of our sends are recognised.
 */
export const metaDriver: SendDriver<{ humanAgentTag: boolean }> = {
  name: 'Meta',
  tokenRejected: 'Meta rejected the access token (code 190)',
  check(entry) {
    if (entry.platform === 'twitter') return { error: 'Not sent: this is not a Meta account' };
    const tooLong = entry.kind === 'public_reply' ? null : metaTextLimitError(entry.platform, entry.text);
    if (tooLong) return { error: `Not sent: ${tooLong}` };
    const window = checkSendWindow({
      kind: entry.kind,
      lastInboundAgeMs: entry.inbound_age_ms,
      commentAgeMs: entry.comment_age_ms,
      byPerson: entry.message_source === 'inbox',
    });
    return window.ok ? { plan: { humanAgentTag: window.humanAgentTag } } : { error: window.error, reason: 'window_closed' as const };
  },
  async deliver(entry, token, plan, deps) {
    const sender = metaSenderOf(entry, token);
    try {
      if (entry.kind === 'public_reply') return { ok: true, platformId: (await metaPublicReply(sender, deps.meta, entry.target, entry.text)).commentId };
      const recipient = entry.kind === 'dm' ? { id: entry.target } : { comment_id: entry.target };
      const sent = await metaSendMessage(sender, deps.meta, {
        recipient,
        text: entry.text,
        humanAgentTag: plan.humanAgentTag,
        metadata: `rp:${entry.id}`,
        options: entry.reply_options,
      });
      return { ok: true, platformId: sent.messageId };
    } catch (err) {
      // Anything unclassified happened after the request left (e.g. an unexpected 200 body): maybe delivered.
      return { ok: false, failure: classifyGraphError(err) ?? { kind: 'uncertain', message: err instanceof Error ? err.message : String(err) } };
    }
  },
};
