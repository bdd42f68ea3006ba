import { classifyXError, xReply, xSendDm } from '../../integrations/x/x-api';
import type { SendDriver } from './at-most-once';
import { freshXToken } from '../x-token';

/**
 * X: DMs (`/2/dm_conversations/with/:id/messages`) and public replies to a post that mentioned or
 * answered the account (docs/platform-apis.md §4). X has no messaging window and no private replies.
 * Access tokens last 2 hours: an expiring one is refreshed first (activities/x-token.ts).
 */
export const xDriver: SendDriver<null> = {
  name: 'X',
  tokenRejected: 'X rejected the access token',
  check(entry) {
    if (entry.platform !== 'twitter') return { error: 'Not sent: this is not an X account' };
    if (entry.kind === 'private_reply') return { error: 'Not sent: X has no private replies; send a DM instead' };
    if (entry.text.trim() === '') return { error: 'Not sent: the message is empty' };
    // The compiler refuses these on an X DM at publish; a row that has them anyway is not sent without them.
    if (entry.reply_options) return { error: "Not sent: X's DM API has no quick replies or buttons (docs/platform-apis.md §4.2)" };
    const limit = entry.kind === 'public_reply' ? 280 : 10_000;
    if ([...entry.text].length > limit) return { error: `Not sent: longer than X allows (${limit.toLocaleString('en')} characters)` };
    return { plan: null };
  },
  async deliver(entry, token, _plan, deps, pool) {
    if (!deps.x)
      return {
        ok: false,
        failure: { kind: 'rejected', message: "X is not set up on this server: an administrator needs to add the X app's client ID and secret" },
      };
    const fresh = await freshXToken(pool, { id: entry.account_id, tokenExpiresAt: entry.token_expires_at }, token, deps.x, deps.cipher);
    if (typeof fresh !== 'string') return { ok: false, failure: fresh };
    try {
      if (entry.kind === 'public_reply') return { ok: true, platformId: (await xReply(deps.x, fresh, entry.target, entry.text)).tweetId };
      return { ok: true, platformId: (await xSendDm(deps.x, fresh, entry.target, entry.text)).dmEventId };
    } catch (err) {
      return { ok: false, failure: classifyXError(err) ?? { kind: 'uncertain', message: err instanceof Error ? err.message : String(err) } };
    }
  },
};
