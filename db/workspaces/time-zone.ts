import type pg from 'pg';

/** Whether PostgreSQL knows the zone (the rollup triggers compute days with it: an unknown one would fail every event). */
export async function isKnownTimeZone(db: Pick<pg.Pool, 'query'>, timeZone: string): Promise<boolean> {
  try {
    await db.query('select now() at time zone $1', [timeZone]);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '22023') return false;
    throw err;
  }
}

export async function readWorkspaceTimeZone(db: Pick<pg.Pool, 'query'>, workspaceId: string): Promise<string> {
  const { rows } = await db.query<{ time_zone: string }>('select time_zone from workspaces where id = $1', [workspaceId]);
  if (!rows[0]) throw new Error(`workspace ${workspaceId} does not exist`);
  return rows[0].time_zone;
}

/**
 * The zone the workspace's days are counted in from now on. Days already counted keep the zone they
 * were counted in (the rollups hold days, not instants): changing it moves no past figure.
 * 'unknown_zone' when PostgreSQL does not know the name.
 */
export async function writeWorkspaceTimeZone(db: Pick<pg.Pool, 'query'>, workspaceId: string, timeZone: string): Promise<'ok' | 'unknown_zone'> {
  if (!(await isKnownTimeZone(db, timeZone))) return 'unknown_zone';
  await db.query('update workspaces set time_zone = $2 where id = $1', [workspaceId, timeZone]);
  return 'ok';
}
