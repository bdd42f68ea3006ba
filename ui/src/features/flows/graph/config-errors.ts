import { defaultConfig, nodeConfigSchemas, type NodeKind } from '@contracts/flows';

/** Field-level messages of a node's configuration, keyed by path ("text", "rules.0.value"; "" = the whole form). */
export type FieldErrors = Record<string, string>;

export function configErrors(kind: NodeKind, config: Record<string, unknown>): FieldErrors {
  const parsed = nodeConfigSchemas[kind].safeParse(config);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path] !== undefined) continue;
    errors[path] = issue.code === 'invalid_type' ? 'Required' : issue.message;
  }
  return errors;
}

/**
 * The configuration with the kind's defaults filled in, so a form can read every field of a legacy
 * or half-written node. Lists that are not lists become the default list.
 */
export function withDefaults<T>(kind: NodeKind, config: Record<string, unknown>): T {
  const defaults = defaultConfig(kind);
  const merged: Record<string, unknown> = { ...defaults, ...config };
  for (const [key, value] of Object.entries(defaults)) {
    if (Array.isArray(value) && !Array.isArray(merged[key])) merged[key] = value;
    if (value && typeof value === 'object' && !Array.isArray(value) && (typeof merged[key] !== 'object' || !merged[key])) {
      merged[key] = value;
    }
  }
  return merged as T;
}
