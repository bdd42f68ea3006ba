import { describe, expect, it } from 'vitest';
import { needsValue, operatorOptions, withSubject } from './condition-rules';

describe('condition rules', () => {
  it('offers operators per subject', () => {
    expect(operatorOptions('tag').map((o) => o.value)).toEqual(['has', 'not_has']);
    expect(operatorOptions('field').map((o) => o.value)).toContain('is_set');
    expect(operatorOptions('lastMessage').map((o) => o.value)).not.toContain('has');
  });
  it('keeps the operator when the new subject allows it, else takes the first', () => {
    const rule = { subject: 'lastMessage' as const, field: null, operator: 'contains' as const, value: 'hi' };
    expect(withSubject(rule, 'field')).toEqual({ subject: 'field', field: '', operator: 'contains', value: 'hi' });
    expect(withSubject(rule, 'tag')).toMatchObject({ subject: 'tag', field: null, operator: 'has' });
  });
  it('is_set / is_not_set take no value', () => {
    expect(needsValue('is_set')).toBe(false);
    expect(needsValue('equals')).toBe(true);
  });
});
