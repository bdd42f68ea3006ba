import type pg from 'pg';

/** LISTENs on one channel on a dedicated connection (a trusted channel name: LISTEN takes no parameters). */
export async function listenOn(client: Pick<pg.PoolClient, 'query'>, channel: string): Promise<void> {
  await client.query(`listen ${channel}`);
}

/** Stops every LISTEN of this connection before it goes back to the pool. */
export async function unlistenAll(client: Pick<pg.PoolClient, 'query'>): Promise<void> {
  await client.query('unlisten *');
}
