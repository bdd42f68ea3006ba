/** The rule form's state and its pure rules (docs/product-spec.md §5). */
export interface RuleDraft {
  platform: 'instagram' | 'facebook';
  keywords: string[];
  /** Text typed in the keyword box but not yet added. */
  keywordInput: string;
  responseTemplate: string;
  publicReplyTemplate: string;
  automationType: 'all_posts' | 'specific_post';
  postUrl: string;
  isActive: boolean;
  /** Links in the reply go out as tracked links (clicks on the Analytics page). */
  trackLinks: boolean;
}

export const emptyDraft = (platform: RuleDraft['platform'] = 'instagram'): RuleDraft => ({
  platform,
  keywords: [],
  keywordInput: '',
  responseTemplate: '',
  publicReplyTemplate: '',
  automationType: 'all_posts',
  postUrl: '',
  isActive: true,
  trackLinks: true,
});

export const MAX_KEYWORDS = 30;
export const TEMPLATE_VARIABLES = ['{first_name}', '{username}', '{name}'] as const;
export const VALIDATION_MESSAGE = 'Please add keywords and response template';

/**
 * Adds typed keywords (commas separate several): each trimmed, empty ones dropped, a keyword already
 * in the list (any letter case) ignored — docs/product-spec.md §5 "keywords trimmed; duplicates ignored".
 */
export function addKeywords(existing: readonly string[], input: string): string[] {
  const out = [...existing];
  const seen = new Set(existing.map((k) => k.toLowerCase()));
  for (const raw of input.split(',')) {
    const keyword = raw.trim().replace(/\s+/g, ' ').slice(0, 100);
    if (!keyword || seen.has(keyword.toLowerCase()) || out.length >= MAX_KEYWORDS) continue;
    seen.add(keyword.toLowerCase());
    out.push(keyword);
  }
  return out;
}

export function removeKeyword(existing: readonly string[], keyword: string): string[] {
  return existing.filter((k) => k !== keyword);
}

/** The keywords the rule would get now, counting what is still in the input box. */
export function effectiveKeywords(draft: RuleDraft): string[] {
  return addKeywords(draft.keywords, draft.keywordInput);
}

/** docs/product-spec.md §5: at least one keyword and a response template. */
export function hasRequiredFields(draft: RuleDraft): boolean {
  return effectiveKeywords(draft).length > 0 && draft.responseTemplate.trim().length > 0;
}

export function needsPostUrl(draft: RuleDraft): boolean {
  return draft.automationType === 'specific_post' && !draft.postUrl.trim();
}

export function canCreate(draft: RuleDraft): boolean {
  return hasRequiredFields(draft) && !needsPostUrl(draft);
}

/**
 * Renders a template for the preview, as a contact named Jane Doe (@jane.doe) would see it — the
 * same way the server does: {username} includes the @.
 */
export function previewTemplate(template: string, contact = { name: 'Jane Doe', username: 'jane.doe' }): string {
  const first = contact.name.trim().split(/\s+/)[0] ?? '';
  return template.replaceAll('{first_name}', first).replaceAll('{username}', `@${contact.username}`).replaceAll('{name}', contact.name);
}
