import type { FlowGraph } from '../../../../contracts/flows';
import type { ToneId } from '../../../../contracts/onboarding';

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

/**
 * The values for a workspace. Missing facts become visible placeholders in square brackets rather
 * than blanks, so a draft shows the owner what to fill in before starting the flow.
 */
export function variablesFor(facts: WorkspaceFacts): TemplateVariables {
  const words = toneWords[facts.tone];
  return {
    business_name: facts.businessName?.trim() || 'our team',
    offer_name: facts.offer?.name ?? 'our offer',
    offer_link: facts.offer?.url ?? facts.websiteUrl ?? '[add your link]',
    pricing: short(facts.profile.pricing) ?? '[add your pricing]',
    business_hours: short(facts.profile.business_hours) ?? '[add your hours]',
    returns: short(facts.profile.returns) ?? '[add your returns policy]',
    greeting: words.greeting,
    sign_off: words.sign_off,
  };
}

/** A long knowledge-base answer is cut so the filled message stays under a DM's 1,000 characters. */
function short(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  return t.length <= 300 ? t : `${t.slice(0, 299)}…`;
}

const variablePattern = /\[\[\s*([a-z_]+)\s*\]\]/g;

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
