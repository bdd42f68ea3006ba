import type { FlowTemplate } from '@contracts/templates';

/** docs/product-spec.md §2 Templates page: case-insensitive search over name, description and tags. */
export function searchTemplates(templates: FlowTemplate[], query: string): FlowTemplate[] {
  const q = query.trim().toLowerCase();
  if (!q) return templates;
  return templates.filter((t) => [t.name, t.description, ...t.tags].some((text) => text.toLowerCase().includes(q)));
}
