import type pg from 'pg';
import { DIRECTORY_CHANNEL, lookUpDirectory, placeInDirectory, readDirectory, type DirectoryEntry, type DirectoryKind } from '../../db/cells/directory';
import { listenChannels } from '../ws/pg-listener';

/**
 * The cells directory held in this web process (docs/scaling.md §3, ADR 0051): loaded at start,
 * kept current by the directory's NOTIFY and reloaded whole after every (re)connect of its LISTEN
 * (notifications sent meanwhile are lost). `cached` never touches the directory database, so a
 * webhook's acknowledgement never waits on it; `resolve` reads it on a miss, for requests that may.
 */
export class DirectoryCache {
  private readonly maps: Record<DirectoryKind, Map<string, string>> = { workspace: new Map(), account: new Map(), session: new Map() };
  private listener: { close(): Promise<void> } | null = null;
  /** Notices that arrive while a reload reads the table: applied again on top of what it read. */
  private duringReload: string[] | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  /** Resolves once the directory is loaded and LISTENed to. */
  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      let first = true;
      this.listener = listenChannels(this.pool, { [DIRECTORY_CHANNEL]: (payload) => this.apply(payload) }, this.log, () => {
        // Loaded after the LISTEN, so no change falls between the two.
        this.reload().then(
          () => {
            if (first) resolve();
            first = false;
          },
          (err: unknown) => {
            this.log.warn({ err }, 'could not load the cells directory');
            if (first) reject(err instanceof Error ? err : new Error(String(err)));
            first = false;
          },
        );
      });
    });
  }

  async stop(): Promise<void> {
    await this.listener?.close();
  }

  cached(kind: DirectoryKind, key: string): string | undefined {
    return this.maps[kind].get(key);
  }

  /** From the cache, else from the directory database (and cached). */
  async resolve(kind: DirectoryKind, key: string): Promise<string | undefined> {
    const hit = this.maps[kind].get(key);
    if (hit) return hit;
    const cell = await lookUpDirectory(this.pool, kind, key);
    if (cell) this.maps[kind].set(key, cell);
    return cell ?? undefined;
  }

  /** Writes an entry and caches it at once (the NOTIFY tells every other web process). */
  async place(entry: DirectoryEntry): Promise<void> {
    await placeInDirectory(this.pool, entry);
    this.maps[entry.kind].set(entry.key, entry.cell);
  }

  /** How many workspaces each cell holds, by this process's cache. */
  workspaceCounts(cells: readonly string[]): Map<string, number> {
    const counts = new Map(cells.map((c) => [c, 0]));
    for (const cell of this.maps.workspace.values()) if (counts.has(cell)) counts.set(cell, counts.get(cell)! + 1);
    return counts;
  }

  private apply(payload: string): void {
    this.duringReload?.push(payload);
    try {
      const change = JSON.parse(payload) as { kind: DirectoryKind; key: string; cell: string | null };
      const map = this.maps[change.kind];
      if (!map) return;
      if (change.cell === null) map.delete(change.key);
      else map.set(change.key, change.cell);
    } catch (err) {
      this.log.warn({ err }, 'unreadable cells directory notice');
    }
  }

  private async reload(): Promise<void> {
    this.duringReload = [];
    try {
      const rows = await readDirectory(this.pool);
      const notices = this.duringReload;
      this.duringReload = null;
      for (const map of Object.values(this.maps)) map.clear();
      for (const r of rows) this.maps[r.kind].set(r.key, r.cell);
      for (const n of notices) this.apply(n);
    } finally {
      this.duringReload = null;
    }
  }
}
