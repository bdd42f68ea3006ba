import type { LeadFilters } from '../../contracts/leads';

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE clause of the list and the export: workspace first, then the filters, with parameters
 * numbered after `params` already holds. Search is a substring of name, email or handle
 * (case-insensitive), served by the trigram index on `search_text`.
 */
export function leadWhere(workspaceId: string, f: LeadFilters, params: unknown[] = []): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(params.length));
  };
  add((n) => `workspace_id = $${n}`, workspaceId);
  if (f.status) add((n) => `status = $${n}`, f.status);
  if (f.source) add((n) => `source = $${n}`, f.source);
  if (f.search) add((n) => `search_text like $${n}`, `%${likeLiteral(f.search.toLowerCase())}%`);
  return { where: clauses.join(' and '), params };
}
