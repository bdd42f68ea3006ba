/** Cells (ADR 0051, docs/scaling.md §3): each a PostgreSQL holding whole workspaces, and the directory that says which. */
export interface CellsConfig {
  directoryUrl: string;
  cells: { name: string; databaseUrl: string }[];
}

/**
 * `CELLS` is `name=url` pairs separated by whitespace or commas (`a=postgres://…/a b=postgres://…/b`);
 * `DIRECTORY_DATABASE_URL` must come with it. Neither: one database, as always.
 */
export function parseCells(cells: string | undefined, directoryUrl: string | undefined): { value: CellsConfig | null; errors: string[] } {
  if (!cells && !directoryUrl) return { value: null, errors: [] };
  if (!cells || !directoryUrl) return { value: null, errors: ['CELLS and DIRECTORY_DATABASE_URL go together (ADR 0051): set both or neither'] };
  const errors: string[] = [];
  const parsed: CellsConfig['cells'] = [];
  for (const pair of cells.split(/[\s,]+/).filter(Boolean)) {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, Math.max(eq, 0));
    const databaseUrl = pair.slice(eq + 1);
    // The URL is never echoed: it may carry a password.
    if (eq < 1 || !/^[a-z0-9-]{1,32}$/.test(name) || !databaseUrl)
      errors.push(`CELLS: entry ${parsed.length + errors.length + 1} is not name=url (a name of a-z, 0-9 and -, then the cell's database URL)`);
    else parsed.push({ name, databaseUrl });
  }
  if (new Set(parsed.map((c) => c.name)).size !== parsed.length) errors.push('CELLS: each cell needs its own name');
  if (parsed.length === 0 && errors.length === 0) errors.push('CELLS names no cell');
  return { value: errors.length ? null : { directoryUrl, cells: parsed }, errors };
}
