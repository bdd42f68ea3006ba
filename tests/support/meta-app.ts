import type pg from 'pg';
import { startMetaGraphFake, type FakePage, type MetaGraphFake } from '../fakes/meta-graph.fake';
import { fakePage, seedMetaAccounts } from './meta-accounts';
import type { TestApp } from './test-app';
import { useTestApp } from './use-test-app';
import type { newWorkspaceUser } from './workspace';

export interface MetaConnectedWorkspace {
  /** The signed-in user of a new workspace (tests/support/workspace.ts). */
  w: Awaited<ReturnType<typeof newWorkspaceUser>>;
  /** The fake's Page, with its Instagram account. */
  page: FakePage;
  /** The Instagram account's id at Meta. */
  igId: string;
  /** Our social_accounts ids. */
  igAccountId: string;
  pageAccountId: string;
}

export interface MetaApp {
  /** The real server, the Graph API pointed at the fake. */
  readonly t: TestApp;
  readonly fake: MetaGraphFake;
  readonly pool: pg.Pool;
  /** Our Meta webhook endpoint, for fake.deliverWebhook. */
  readonly hook: string;
  /** A new workspace with a fake Page and its Instagram account connected (as Facebook Login stores them). */
  connectedWorkspace(prefix: string): Promise<MetaConnectedWorkspace>;
}

/**
 * The setup of test files about Meta webhooks and sends: the Graph API contract fake, the real server
 * pointed at it (plus `env`), both stopped after the file (useTestApp). Call at the top level of a test file.
 */
export function useMetaApp(env: Record<string, string> = {}): MetaApp {
  const app = useTestApp({ fakes: { meta: startMetaGraphFake }, env });
  return {
    get t() {
      return app.t;
    },
    get fake() {
      return app.fakes.meta;
    },
    get pool() {
      return app.pool;
    },
    get hook() {
      return `${app.t.baseUrl}/api/webhooks/facebook/webhook`;
    },
    async connectedWorkspace(prefix) {
      const w = await app.signIn();
      const page = fakePage(prefix);
      app.fakes.meta.addPage(page);
      const ids = await seedMetaAccounts(app.pool, w.user.workspaceId, page);
      return { w, page, igId: page.instagram!.id, igAccountId: ids.igAccountId!, pageAccountId: ids.pageAccountId };
    },
  };
}
