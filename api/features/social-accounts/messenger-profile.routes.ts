import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../../config/config';
import {
  flowIdOfPayload,
  flowPayload,
  iceBreakersSchema,
  persistentMenuSchema,
  type IceBreakers,
  type MessengerProfileView,
  type PersistentMenu,
} from '../../../contracts/growth';
import { flowGraphSchema } from '../../../contracts/flows';
import { platformDepsFromConfig } from '../../../activities/platform-deps';
import { findProfileAccount, flowGraphs, readPushedProfile, savePushedProfile, type ProfileAccountRow } from '../../../db/growth/messenger-profiles';
import { triggerOfGraph } from '../../../flow-compiler/compile';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { GraphApiError } from '../../../integrations/meta/graph-client';
import { metaSenderOf, type MetaSender } from '../../../integrations/meta/meta-send';
import {
  clearMessengerProfile,
  readMessengerProfile,
  writeMessengerProfile,
  type MetaLocaleBlock,
  type ProfileField,
} from '../../../integrations/meta/messenger-profile';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Ice breakers and the persistent menu of an account, mounted at /api/social-accounts:
 * `GET|PUT /:id/ice-breakers`, `GET|PUT /:id/persistent-menu` (contracts/growth.ts). PUT pushes
 * through the Messenger Profile API (docs/platform-apis.md §2.12) and then stores what was pushed;
 * an empty list clears it at Meta (DELETE). GET shows what Meta holds now next to what we pushed.
 * Sandbox accounts store only: there is no Meta to push to, and the Simulator taps what is stored.
 */
export function messengerProfileRoutes(pool: pg.Pool, deps: { config: Config; cipher: TokenCipher; log: Logger }) {
  const hosts = platformDepsFromConfig(deps.config, deps.cipher).meta;
  const router = authedRouter({ read: 'workspace:read', write: 'flows:write' });

  async function accountOf(workspaceId: string, id: string): Promise<ProfileAccountRow> {
    const account = await findProfileAccount(pool, workspaceId, id);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found');
    if (account.platform === 'twitter') throw new AppError('BAD_REQUEST', 'Ice breakers and menus exist on Instagram and Messenger only');
    return account;
  }

  function senderOf(account: ProfileAccountRow): MetaSender | null {
    if (account.provider !== 'meta' || !account.access_token_enc) return null;
    return metaSenderOf(account, deps.cipher.decrypt(account.access_token_enc));
  }

  /** Every item's flow must be one of the workspace's, with a postback trigger: anything else would never start. */
  async function checkFlows(workspaceId: string, flowIds: string[]) {
    const found = await flowGraphs(pool, workspaceId, [...new Set(flowIds)]);
    const problems: Record<string, string> = {};
    for (const id of new Set(flowIds)) {
      const flow = found.find((f) => f.id === id);
      const graph = flow ? flowGraphSchema.safeParse(flow.graph) : null;
      const type = graph?.success ? triggerOfGraph(graph.data)?.type : undefined;
      if (!flow) problems[id] = 'No such flow in this workspace';
      else if (type !== 'postback') problems[id] = `“${flow.name}” does not start on a tap: set its trigger to “Ice breaker or menu tap”`;
    }
    if (Object.keys(problems).length > 0) throw new AppError('BAD_REQUEST', Object.values(problems)[0]!, { flows: problems });
  }

  async function view<T>(account: ProfileAccountRow, field: ProfileField): Promise<MessengerProfileView<T>> {
    const pushed = await readPushedProfile(pool, account.id, field);
    const sender = senderOf(account);
    let platform: MessengerProfileView<T>['platform'] = null;
    let platformNote: string | null = null;
    if (!sender)
      platformNote =
        account.provider === 'sandbox'
          ? 'Sandbox account: nothing is pushed to Meta; the Simulator taps what is saved here'
          : 'Reconnect this account to read it from Meta';
    else {
      try {
        const blocks = await readMessengerProfile(sender, hosts, field);
        platform = {
          locales: blocks.map((b) => ({
            locale: b.locale,
            items: b.call_to_actions.map((c) => ({
              title: c.question ?? c.title ?? '',
              type: c.type ?? 'postback',
              flowId: flowIdOfPayload(c.payload),
              url: c.url ?? null,
            })),
          })),
        };
      } catch (err) {
        deps.log.warn({ err, accountId: account.id }, 'messenger profile read failed');
        platformNote = err instanceof GraphApiError ? `Meta answered: ${err.message}` : 'Meta could not be reached; showing what Replypilot pushed last';
      }
    }
    return { pushed: pushed.value as T | null, pushedAt: pushed.pushedAt?.toISOString() ?? null, platform, platformNote };
  }

  async function push(account: ProfileAccountRow, field: ProfileField, blocks: MetaLocaleBlock[]) {
    const sender = senderOf(account);
    if (!sender) return;
    try {
      if (blocks.length === 0) await clearMessengerProfile(sender, hosts, field);
      else await writeMessengerProfile(sender, hosts, field, blocks);
    } catch (err) {
      if (err instanceof GraphApiError)
        throw new AppError('PLATFORM_REFUSED', `Meta refused the ${field === 'ice_breakers' ? 'ice breakers' : 'menu'}: ${err.message}`);
      throw err;
    }
  }

  router.get('/:id/ice-breakers', async (req, res) => {
    const account = await accountOf(currentUser(req).workspaceId, idParam(req));
    res.json(await view<IceBreakers>(account, 'ice_breakers'));
  });
  router.put('/:id/ice-breakers', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const account = await accountOf(workspaceId, idParam(req));
    const body = parseBody(iceBreakersSchema, req);
    await checkFlows(
      workspaceId,
      body.locales.flatMap((l) => l.items.map((i) => i.flowId)),
    );
    await push(
      account,
      'ice_breakers',
      body.locales.map((l) => ({ locale: l.locale, call_to_actions: l.items.map((i) => ({ question: i.question, payload: flowPayload(i.flowId) })) })),
    );
    await savePushedProfile(pool, workspaceId, account.id, 'ice_breakers', body.locales.length > 0 ? body : null);
    res.json(await view<IceBreakers>(account, 'ice_breakers'));
  });

  router.get('/:id/persistent-menu', async (req, res) => {
    const account = await accountOf(currentUser(req).workspaceId, idParam(req));
    res.json(await view<PersistentMenu>(account, 'persistent_menu'));
  });
  router.put('/:id/persistent-menu', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const account = await accountOf(workspaceId, idParam(req));
    const body = parseBody(persistentMenuSchema, req);
    await checkFlows(
      workspaceId,
      body.locales.flatMap((l) => l.items.flatMap((i) => (i.type === 'postback' ? [i.flowId] : []))),
    );
    await push(
      account,
      'persistent_menu',
      body.locales.map((l) => ({
        locale: l.locale,
        call_to_actions: l.items.map((i) =>
          i.type === 'postback' ? { type: 'postback', title: i.title, payload: flowPayload(i.flowId) } : { type: 'web_url', title: i.title, url: i.url },
        ),
      })),
    );
    await savePushedProfile(pool, workspaceId, account.id, 'persistent_menu', body.locales.length > 0 ? body : null);
    res.json(await view<PersistentMenu>(account, 'persistent_menu'));
  });
  return router;
}
