import type { ConditionRule } from '@contracts/flows';

type Operator = ConditionRule['operator'];

export const subjectOptions: Array<{ value: ConditionRule['subject']; label: string }> = [
  { value: 'tag', label: 'Tag' },
  { value: 'field', label: 'Contact field' },
  { value: 'lastMessage', label: 'Last message' },
];

const operatorLabels: Record<Operator, string> = {
  has: 'has',
  not_has: 'does not have',
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  is_set: 'is set',
  is_not_set: 'is not set',
};

const bySubject: Record<ConditionRule['subject'], Operator[]> = {
  tag: ['has', 'not_has'],
  field: ['equals', 'not_equals', 'contains', 'not_contains', 'is_set', 'is_not_set'],
  lastMessage: ['contains', 'not_contains', 'equals', 'not_equals'],
};

/** The operators that make sense for a subject, as select options. */
export function operatorOptions(subject: ConditionRule['subject']): Array<{ value: Operator; label: string }> {
  return (bySubject[subject] ?? bySubject.tag).map((value) => ({ value, label: operatorLabels[value] }));
}

export const needsValue = (operator: Operator) => operator !== 'is_set' && operator !== 'is_not_set';

/** A rule after its subject changed: the operator is kept when it still applies. */
export function withSubject(rule: ConditionRule, subject: ConditionRule['subject']): ConditionRule {
  const allowed = bySubject[subject];
  return {
    ...rule,
    subject,
    field: subject === 'field' ? (rule.field ?? '') : null,
    operator: allowed.includes(rule.operator) ? rule.operator : allowed[0]!,
  };
}

export const newRule = (): ConditionRule => ({ subject: 'lastMessage', field: null, operator: 'contains', value: '' });
