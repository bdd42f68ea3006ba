import type { ConditionRule } from '../contracts/flows';
import type { RunContact } from './advance';

/** A Condition node's rule against the run's contact (tags, fields, the last message), case-insensitive. */
export function evaluate(rule: ConditionRule, contact: RunContact): boolean {
  const value = rule.value.trim().toLowerCase();
  if (rule.subject === 'tag') {
    const has = contact.tags.some((t) => t.toLowerCase() === value);
    return rule.operator === 'not_has' || rule.operator === 'not_equals' ? !has : has;
  }
  const raw = rule.subject === 'field' ? contact.fields[rule.field ?? ''] : contact.lastMessage;
  const text = raw === undefined || raw === null ? null : (typeof raw === 'string' ? raw : JSON.stringify(raw)).toLowerCase();
  switch (rule.operator) {
    case 'is_set':
    case 'has':
      return text !== null && text !== '';
    case 'is_not_set':
    case 'not_has':
      return text === null || text === '';
    case 'equals':
      return text !== null && text.trim() === value;
    case 'not_equals':
      return text === null || text.trim() !== value;
    case 'contains':
      return text !== null && text.includes(value);
    case 'not_contains':
      return text === null || !text.includes(value);
  }
}
