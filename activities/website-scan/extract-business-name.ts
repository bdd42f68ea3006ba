import type { CheerioAPI } from 'cheerio';
import { hasType, jsonLdNodes, ldText } from './json-ld';

const organizationTypes = ['Organization', 'LocalBusiness', 'Corporation', 'Store', 'OnlineStore', 'ProfessionalService', 'EducationalOrganization'];

/**
 * What the business calls itself: the JSON-LD Organization's name (the site's own structured
 * claim), then og:site_name, then the `<title>` with its usual " | tagline" or " – Home" tail cut.
 */
export function extractBusinessName($: CheerioAPI): string | null {
  for (const node of jsonLdNodes($)) {
    if (hasType(node, ...organizationTypes)) {
      const name = ldText(node.name);
      if (name) return name;
    }
  }
  const og = $('meta[property="og:site_name"]').attr('content')?.trim();
  if (og) return og;
  const title = $('title').first().text().replace(/\s+/g, ' ').trim();
  if (!title) return null;
  return title.split(/\s[|–—·:-]\s/)[0]!.trim() || title;
}
