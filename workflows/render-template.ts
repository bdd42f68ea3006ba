export interface TemplateContact {
  name: string;
  username: string | null;
  customFields?: Record<string, unknown>;
}

/**
 * Fills `{first_name}`, `{last_name}`, `{name}`, `{username}` and `{field.<key>}` from the contact.
 * Unknown variables are left as written so a typo is visible rather than silently blank; a known
 * variable with no value becomes a neutral word ("there") so "Hi {first_name}!" still reads well.
 */
export function renderTemplate(template: string, contact: TemplateContact): string {
  const [first = '', ...rest] = contact.name.trim().split(/\s+/);
  const values: Record<string, string> = {
    first_name: first || contact.username || 'there',
    last_name: rest.join(' '),
    name: contact.name.trim() || contact.username || 'there',
    username: contact.username ? `@${contact.username.replace(/^@/, '')}` : contact.name.trim() || 'there',
  };
  return template.replace(/\{\s*([a-z_][a-z0-9_.]*)\s*\}/gi, (whole, key: string) => {
    const k = key.toLowerCase();
    if (k in values) return values[k] ?? '';
    if (k.startsWith('field.')) {
      const v = contact.customFields?.[key.slice(6)];
      return v === undefined || v === null ? '' : String(v);
    }
    return whole;
  });
}
