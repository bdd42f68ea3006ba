import type pg from 'pg';
import { moderationSettingsSchema, type ModerationView } from '../../../contracts/comment-moderation';
import { withAudit } from '../../../db/audit/record-audit';
import { findProfileAccount } from '../../../db/growth/messenger-profiles';
import { readModerationView, saveModerationSettings } from '../../../db/moderation/comment-moderations';
import { AppError } from '../../http/errors';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Comment moderation of one account (ADR 0052), mounted at /api/social-accounts:
 * `GET|PUT /:id/moderation`. GET: the settings and the latest moderated comments with their
 * outcome; PUT: the settings (editors and admins), audited. The inbound batch reads them with the
 * account row it claims, so a change applies to the next batch.
 */
export function commentModerationRoutes(pool: pg.Pool) {
  const router = authedRouter({ read: 'workspace:read', write: 'rules:write' });

  async function accountOf(workspaceId: string, id: string) {
    const account = await findProfileAccount(pool, workspaceId, id);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found');
    if (account.platform === 'twitter') throw new AppError('BAD_REQUEST', 'Comment moderation is for Instagram accounts and Facebook Pages');
    return account;
  }

  router.get('/:id/moderation', async (req, res) => {
    const account = await accountOf(currentUser(req).workspaceId, idParam(req));
    const body: ModerationView = await readModerationView(pool, account.id);
    res.json(body);
  });

  router.put('/:id/moderation', async (req, res) => {
    const actor = currentActor(req);
    const account = await accountOf(actor.workspaceId, idParam(req));
    const settings = parseBody(moderationSettingsSchema, req);
    await withAudit(
      pool,
      actor,
      (client) => saveModerationSettings(client, actor.workspaceId, account.id, settings),
      () => ({
        action: 'moderation.changed',
        target: { type: 'account', id: account.id, label: account.external_id },
        details: { ...settings },
      }),
    );
    const body: ModerationView = await readModerationView(pool, account.id);
    res.json(body);
  });

  return router;
}
