import type pg from 'pg';
import { DEFAULT_OPT_OUT_SETTINGS, optOutSettingsOf, type OptOutSettings, type OptOutSettingsBody } from '../../contracts/opt-out';

type Db = Pick<pg.Pool, 'query'>;

/** The workspace's opt-out words and replies (workspaces.opt_out; null: the defaults). */
export async function readOptOutSettings(db: Db, workspaceId: string): Promise<OptOutSettingsBody> {
  const { rows } = await db.query<{ opt_out: unknown }>('select opt_out from workspaces where id = $1', [workspaceId]);
  if (!rows[0]) throw new Error(`workspace ${workspaceId} does not exist`);
  const stored = rows[0].opt_out;
  return { ...optOutSettingsOf(stored), isDefault: stored === null };
}

/** Saves them (already zod-checked); the inbound DM statement reads them with every DM from the next one on. */
export async function writeOptOutSettings(db: Db, workspaceId: string, settings: OptOutSettings | null): Promise<OptOutSettingsBody> {
  await db.query('update workspaces set opt_out = $2::jsonb where id = $1', [workspaceId, settings === null ? null : JSON.stringify(settings)]);
  return { ...(settings ?? DEFAULT_OPT_OUT_SETTINGS), isDefault: settings === null };
}
