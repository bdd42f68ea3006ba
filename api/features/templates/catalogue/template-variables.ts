import type { FlowGraph } from '../../../../contracts/flows';
import type { ToneId } from '../../../../contracts/onboarding';
import type { TemplateVariableFix, TemplateVariableUse } from '../../../../contracts/templates';

const variablePattern = /\[\[\s*([a-z_]+)\s*\]\]/g;

/** What a template's `[[name]]` variables are filled with on activation. */
export interface TemplateVariables {
  business_name: string;
  offer_name: string;
  offer_link: string;
  pricing: string;
  business_hours: string;
  returns: string;
  greeting: string;
  sign_off: string;
}

const toneWords: Record<ToneId, { greeting: string; sign_off: string }> = {
  friendly: { greeting: 'Hi {first_name}! 😊', sign_off: 'Have a lovely day!' },
  professional: { greeting: 'Hello {first_name},', sign_off: 'Kind regards.' },
  energetic: { greeting: 'Hey {first_name}! 🎉', sign_off: 'Let’s go! 🚀' },
};

/** What the workspace knows, as read from its knowledge base and onboarding answers. */
export interface WorkspaceFacts {
  businessName: string | null;
  websiteUrl: string | null;
  tone: ToneId;
  offer: { name: string; url: string | null } | null;
  profile: Partial<Record<'pricing' | 'business_hours' | 'returns', string>>;
}

/** What each variable is called on screen, and where the owner sets the fact behind it. */
export const variableInfo: Record<keyof TemplateVariables, { label: string; fix: TemplateVariableFix | null }> = {
  business_name: { label: 'Business name', fix: { where: 'Onboarding', path: '/onboarding' } },
  offer_name: { label: 'Offer name', fix: { where: 'Knowledge', path: '/knowledge' } },
  offer_link: { label: 'Offer link', fix: { where: 'Knowledge', path: '/knowledge' } },
  pricing: { label: 'Pricing', fix: { where: 'Knowledge', path: '/knowledge' } },
  business_hours: { label: 'Business hours', fix: { where: 'Knowledge', path: '/knowledge' } },
  returns: { label: 'Returns policy', fix: { where: 'Knowledge', path: '/knowledge' } },
  greeting: { label: 'Greeting (from your tone)', fix: null },
  sign_off: { label: 'Sign-off (from your tone)', fix: null },
};

/** The placeholder a missing fact becomes: says what is missing and where to add it. */
const placeholder = (what: string, where: string, them = false) => `[${what} — add ${them ? 'them' : 'it'} in ${where}]`;

/**
 * The values for a workspace. Missing facts become visible placeholders in square brackets rather
 * than blanks, so a draft shows the owner what to fill in (and where) before starting the flow. The
 * business and offer names fall back to words that read naturally ("our team", "our offer"); they
 * are still reported as missing by `missingVariables`.
 */
export function variablesFor(facts: WorkspaceFacts): TemplateVariables {
  const words = toneWords[facts.tone];
  return {
    business_name: facts.businessName?.trim() || 'our team',
    offer_name: facts.offer?.name ?? 'our offer',
    offer_link: facts.offer?.url ?? facts.websiteUrl ?? placeholder('your offer link', 'Knowledge'),
    pricing: short(facts.profile.pricing) ?? placeholder('your pricing', 'Knowledge'),
    business_hours: short(facts.profile.business_hours) ?? placeholder('your business hours', 'Knowledge', true),
    returns: short(facts.profile.returns) ?? placeholder('your returns policy', 'Knowledge'),
    greeting: words.greeting,
    sign_off: words.sign_off,
  };
}

/** The variables the workspace has no fact for (what variablesFor filled with a fallback or a placeholder). */
export function missingVariables(facts: WorkspaceFacts): Set<keyof TemplateVariables> {
  const missing = new Set<keyof TemplateVariables>();
  if (!facts.businessName?.trim()) missing.add('business_name');
  if (!facts.offer) missing.add('offer_name');
  if (!facts.offer?.url && !facts.websiteUrl) missing.add('offer_link');
  for (const key of ['pricing', 'business_hours', 'returns'] as const) if (!facts.profile[key]?.trim()) missing.add(key);
  return missing;
}

/** The `[[name]]` variables a graph uses, in first-use order (node order, then config order). */
export function variablesUsed(graph: FlowGraph): Array<keyof TemplateVariables> {
  const used: Array<keyof TemplateVariables> = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const m of value.matchAll(variablePattern)) {
        const name = m[1] as string;
        if (name in variableInfo && !used.includes(name as keyof TemplateVariables)) used.push(name as keyof TemplateVariables);
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const node of graph.nodes) visit(node.data.config);
  return used;
}

/** What the preview lists under the canvas: each variable the template uses, its value, and whether it is missing. */
export function describeVariables(graph: FlowGraph, facts: WorkspaceFacts): TemplateVariableUse[] {
  const values = variablesFor(facts);
  const missing = missingVariables(facts);
  return variablesUsed(graph).map((name) => ({
    name,
    label: variableInfo[name].label,
    value: values[name],
    missing: missing.has(name),
    fix: missing.has(name) ? variableInfo[name].fix : null,
  }));
}

/** A long knowledge-base answer is cut so the filled message stays under a DM's 1,000 characters. */
function short(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  return t.length <= 300 ? t : `${t.slice(0, 299)}…`;
}

/** Fills `[[name]]` in every string of every node's config (nested values included); unknown names stay as written. */
export function fillTemplateGraph(graph: FlowGraph, vars: TemplateVariables): FlowGraph {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(variablePattern, (whole, name: string) => (name in vars ? vars[name as keyof TemplateVariables] : whole));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return {
    edges: graph.edges.map((e) => ({ ...e })),
    nodes: graph.nodes.map((node) => ({ ...node, data: { ...node.data, config: fill(node.data.config) as Record<string, unknown> } })),
  };
}
